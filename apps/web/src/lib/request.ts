import { ErrorCode, limits, type CallDef, type Envelope } from '@ondoku/contract';
import {
  ApiError,
  buildUrl,
  createTransport,
  quietDeps,
  requireKind,
  silentDeps,
  type RequestDeps as SharedRequestDeps,
  type RequestSession as SharedRequestSession,
  type Query,
} from '@ondoku/ui/request';
import type { z } from 'zod';

/**
 * The teacher app's requester: the shared request layer (@ondoku/ui/request: token, timeout,
 * retry/toast/alert/sign-out rules) plus what only teachers send (docs/architecture.md, "The path
 * of a request"): teacher_id and flag query parameters on every call, `download` (blob) and
 * `upload` (multipart through XMLHttpRequest, for upload progress) under the same rules.
 */
export type { RequestUi } from '@ondoku/ui/request';

export interface RequestSession extends SharedRequestSession {
  teacherId(): number | null;
}

export interface RequestDeps extends SharedRequestDeps {
  session: RequestSession;
  /** Uploads go through XMLHttpRequest (fetch reports no upload progress); tests inject a fake. */
  xhr?: () => XMLHttpRequest;
  /** Uploads of large files get longer than the 30 s of other calls (120 s, the contract's limit). */
  uploadTimeoutMs?: number;
}

/** The fields of an upload call with its `file` part as the browser's File. */
export type UploadInput<C extends CallDef> = Omit<z.input<C['input']>, 'file'> & { file: File };

export interface UploadOptions {
  /** Percent of the file sent, 0–100. */
  onProgress?(percent: number): void;
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
  if (file.size === 0) return rule.emptyFileMessage ?? rule.fileRequiredMessage;
  if (file.size > rule.maxBytes) return rule.tooLargeMessage;
  const name = file.name.toLowerCase();
  if (!rule.extensions.some((ext) => name.endsWith(ext))) return rule.fileTypeMessage;
  return null;
}

export function createRequester(deps: RequestDeps): Requester {
  const uploadTimeoutMs = deps.uploadTimeoutMs ?? limits.chunkLoadTimeoutMs;

  /** teacher_id and flag, on every call. */
  function meta(): Query {
    const teacherId = deps.session.teacherId();
    return { teacher_id: teacherId ?? undefined, flag: teacherId ? 1 : undefined };
  }

  const t = createTransport(deps, meta);

  function sendUpload(c: CallDef, input: Record<string, unknown>, opts: UploadOptions): Promise<unknown> {
    const form = new FormData();
    for (const [k, v] of Object.entries(input)) {
      if (v === undefined || v === null || k === 'file') continue;
      form.append(k, String(v));
    }
    form.append('file', input.file as File);
    return new Promise((resolve, reject) => {
      const xhr = (deps.xhr ?? (() => new XMLHttpRequest()))();
      xhr.open('POST', buildUrl(t.base, c.path, meta()));
      for (const [k, v] of Object.entries(t.headers())) xhr.setRequestHeader(k, v);
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
      // A failed non-GET is not retried: the failure toast.
      xhr.onerror = xhr.ontimeout = () => settle(() => t.failed(0));
      xhr.onload = () =>
        settle(() => {
          t.checkStatus(xhr.status);
          let env: Envelope<unknown>;
          try {
            env = JSON.parse(xhr.responseText) as Envelope<unknown>;
          } catch {
            return t.failed(xhr.status);
          }
          return t.checkEnvelope(env, xhr.status).data;
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
      silent ??= createRequester(silentDeps(deps));
      return silent;
    },
    /**
     * No toast, alert or retry dialog, but a 401 still signs out: for work on screen that shows
     * its own failure and keeps the teacher's text (autosave, a wizard's check), where a revoked
     * session must not leave the teacher typing into the void.
     */
    get quiet(): Requester {
      quiet ??= createRequester(quietDeps(deps));
      return quiet;
    },
    /** A JSON call of the contract; resolves with `data` of the envelope. */
    call: t.call,
    /** A blob call of the contract: the file and its name, or the envelope's error handled like `call`. */
    async download<C extends CallDef>(
      c: C,
      input: z.input<C['input']>,
    ): Promise<{ blob: Blob; filename: string | null }> {
      requireKind(c, 'blob', 'download');
      const res = await t.send(c.method, c.path, input);
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('application/json') || !res.ok) {
        await t.readEnvelope(res);
        t.failed(res.status);
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
