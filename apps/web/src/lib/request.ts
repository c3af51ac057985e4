import { ErrorCode, limits, messages, type CallDef, type CallKind, type Envelope } from '@ondoku/contract';
import type { z } from 'zod';

/**
 * The request layer of spec §7–§8, independent of React so its rules can be unit-tested:
 * bearer token, accept-language, teacher_id and flag query parameters, 30 s timeout;
 * GET timeout or network error → confirm with retry (up to 4), then the failure toast;
 * failed non-GET → the failure toast; errcode ≠ 0 → toast of errmsg; 401 → sign out;
 * 500 → alert. The same rules hold for the three kinds of contract call: `call` (JSON),
 * `download` (blob) and `upload` (multipart through XMLHttpRequest, for upload progress).
 */
export interface RequestUi {
  toast(message: string): void;
  alert(message: string): void;
  /** Ask whether to retry a GET that timed out or hit a network error. */
  confirmRetry(): Promise<boolean>;
}

export interface RequestSession {
  token(): string | null;
  teacherId(): number | null;
  /** Called on 401: clear the session and go to the login screen. */
  onUnauthorized(): void;
}

export interface RequestDeps {
  ui: RequestUi;
  session: RequestSession;
  fetch?: typeof fetch;
  /** Uploads go through XMLHttpRequest (fetch reports no upload progress); tests inject a fake. */
  xhr?: () => XMLHttpRequest;
  baseUrl?: string;
  timeoutMs?: number;
  /** Uploads of large files get longer than the 30 s of other calls (spec §9's 120 s). */
  uploadTimeoutMs?: number;
}

/** The fields of an upload call with its `file` part as the browser's File. */
export type UploadInput<C extends CallDef> = Omit<z.input<C['input']>, 'file'> & { file: File };

export interface UploadOptions {
  /** Percent of the file sent, 0–100. */
  onProgress?(percent: number): void;
}

/** A call that failed; the user has already been told (toast, alert or sign-out). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly errcode: number,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

class NetworkError extends Error {}

/** Refuse a call of the wrong kind (a programming error, not something the teacher sees). */
function requireKind(c: CallDef, kind: CallKind, method: string) {
  if (c.kind !== kind) throw new TypeError(`${method}() takes ${kind} calls; ${c.path} is a ${c.kind} call`);
}

/** The file name of a Content-Disposition header (RFC 5987 filename* first). */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/** The upload rule's message for a file it refuses, or null when the file may be sent. */
export function uploadRefusal(c: CallDef, file: File | null | undefined): string | null {
  const rule = c.upload;
  if (!rule) return null;
  if (!file) return rule.fileRequiredMessage;
  if (file.size > rule.maxBytes) return rule.tooLargeMessage;
  const name = file.name.toLowerCase();
  if (!rule.extensions.some((ext) => name.endsWith(ext))) return rule.fileTypeMessage;
  return null;
}

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export function buildUrl(base: string, path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((x) => params.append(k, String(x)));
    else params.append(k, String(v));
  }
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

export function createRequester(deps: RequestDeps): Requester {
  const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const base = deps.baseUrl ?? '';
  const timeoutMs = deps.timeoutMs ?? limits.requestTimeoutMs;

  const uploadTimeoutMs = deps.uploadTimeoutMs ?? limits.chunkLoadTimeoutMs;

  /** teacher_id and flag (spec §7), on every call. */
  function meta(): Query {
    const teacherId = deps.session.teacherId();
    return { teacher_id: teacherId ?? undefined, flag: teacherId ? 1 : undefined };
  }

  function baseHeaders(): Record<string, string> {
    const token = deps.session.token();
    const headers: Record<string, string> = { 'accept-language': 'ja', accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    return headers;
  }

  async function once(method: 'GET' | 'POST', path: string, input: unknown, init?: RequestInit) {
    const query = method === 'GET' ? { ...(input as Query), ...meta() } : meta();
    const headers = baseHeaders();
    let body: BodyInit | undefined;
    if (method === 'POST') {
      if (input instanceof FormData) body = input;
      else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(input ?? {});
      }
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await doFetch(buildUrl(base, path, query), { method, headers, body, signal: controller.signal, ...init });
    } catch {
      throw new NetworkError('network');
    } finally {
      clearTimeout(timer);
    }
  }

  async function send(method: 'GET' | 'POST', path: string, input: unknown): Promise<Response> {
    for (let retries = 0; ; retries++) {
      try {
        return await once(method, path, input);
      } catch (e) {
        if (!(e instanceof NetworkError)) throw e;
        if (method === 'GET' && retries < limits.requestMaxRetries && (await deps.ui.confirmRetry())) continue;
        deps.ui.toast(messages.operationFailed);
        throw new ApiError(messages.operationFailed, -1, 0);
      }
    }
  }

  /** 401 → sign out, 5xx → alert; the same for fetch and XMLHttpRequest replies. */
  function checkStatus(status: number) {
    if (status === 401) {
      deps.session.onUnauthorized();
      throw new ApiError(messages.unauthorized, ErrorCode.UNAUTHORIZED, 401);
    }
    if (status >= 500) {
      deps.ui.alert(messages.serviceError);
      throw new ApiError(messages.serviceError, ErrorCode.INTERNAL, status);
    }
  }

  function failed(status: number): never {
    deps.ui.toast(messages.operationFailed);
    throw new ApiError(messages.operationFailed, -1, status);
  }

  async function readEnvelope<T>(res: Response): Promise<Envelope<T>> {
    checkStatus(res.status);
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      failed(res.status);
    }
    return checkEnvelope(env, res.status);
  }

  function checkEnvelope<T>(env: Envelope<T>, status: number): Envelope<T> {
    if (env.errcode !== 0) {
      const msg = env.errmsg || messages.operationFailed;
      deps.ui.toast(msg);
      throw new ApiError(msg, env.errcode, status);
    }
    return env;
  }

  function sendUpload(c: CallDef, input: Record<string, unknown>, opts: UploadOptions): Promise<unknown> {
    const form = new FormData();
    for (const [k, v] of Object.entries(input)) {
      if (v === undefined || v === null || k === 'file') continue;
      form.append(k, String(v));
    }
    form.append('file', input.file as File);
    return new Promise((resolve, reject) => {
      const xhr = (deps.xhr ?? (() => new XMLHttpRequest()))();
      xhr.open('POST', buildUrl(base, c.path, meta()));
      for (const [k, v] of Object.entries(baseHeaders())) xhr.setRequestHeader(k, v);
      xhr.timeout = uploadTimeoutMs;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
      };
      const settle = (read: () => unknown) => {
        try {
          resolve(read());
        } catch (e) {
          reject(e as Error);
        }
      };
      // A failed non-GET is not retried (spec §8): the failure toast.
      xhr.onerror = xhr.ontimeout = () => settle(() => failed(0));
      xhr.onload = () =>
        settle(() => {
          checkStatus(xhr.status);
          let env: Envelope<unknown>;
          try {
            env = JSON.parse(xhr.responseText) as Envelope<unknown>;
          } catch {
            return failed(xhr.status);
          }
          return checkEnvelope(env, xhr.status).data;
        });
      xhr.send(form);
    });
  }

  let silent: Requester | null = null;
  let quiet: Requester | null = null;

  return {
    /**
     * The same requester without telling the teacher anything (no toast, alert, retry dialog or
     * sign-out): for checks that run before anything is on screen, such as the start-up status.
     */
    get silent(): Requester {
      silent ??= createRequester({
        ...deps,
        ui: { toast() {}, alert() {}, confirmRetry: async () => false },
        session: { ...deps.session, onUnauthorized() {} },
      });
      return silent;
    },
    /**
     * No toast, alert or retry dialog, but a 401 still signs out: for work on screen that shows
     * its own failure and keeps the teacher's text (autosave, a wizard's check), where a revoked
     * session must not leave the teacher typing into the void.
     */
    get quiet(): Requester {
      quiet ??= createRequester({ ...deps, ui: { toast() {}, alert() {}, confirmRetry: async () => false } });
      return quiet;
    },
    /** A JSON call of the contract; resolves with `data` of the envelope. */
    async call<C extends CallDef>(c: C, input: z.input<C['input']>): Promise<z.output<C['output']>> {
      requireKind(c, 'json', 'call');
      const res = await send(c.method, c.path, input);
      return (await readEnvelope<z.output<C['output']>>(res)).data;
    },
    /** A blob call of the contract: the file and its name, or the envelope's error handled like `call`. */
    async download<C extends CallDef>(
      c: C,
      input: z.input<C['input']>,
    ): Promise<{ blob: Blob; filename: string | null }> {
      requireKind(c, 'blob', 'download');
      const res = await send(c.method, c.path, input);
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('application/json') || !res.ok) {
        await readEnvelope(res);
        failed(res.status);
      }
      return { blob: await res.blob(), filename: dispositionFilename(res.headers.get('content-disposition')) };
    },
    /**
     * An upload call of the contract: its fields and `file` as multipart/form-data, with upload
     * progress. The call's upload rule (extension, size) is checked first and its message toasted.
     */
    async upload<C extends CallDef>(
      c: C,
      input: UploadInput<C>,
      opts: UploadOptions = {},
    ): Promise<z.output<C['output']>> {
      requireKind(c, 'upload', 'upload');
      const refusal = uploadRefusal(c, input.file);
      if (refusal) {
        deps.ui.toast(refusal);
        throw new ApiError(refusal, ErrorCode.BAD_REQUEST, 0);
      }
      return (await sendUpload(c, input as Record<string, unknown>, opts)) as z.output<C['output']>;
    },
  };
}

export interface Requester {
  readonly silent: Requester;
  readonly quiet: Requester;
  call<C extends CallDef>(c: C, input: z.input<C['input']>): Promise<z.output<C['output']>>;
  download<C extends CallDef>(c: C, input: z.input<C['input']>): Promise<{ blob: Blob; filename: string | null }>;
  upload<C extends CallDef>(c: C, input: UploadInput<C>, opts?: UploadOptions): Promise<z.output<C['output']>>;
}
