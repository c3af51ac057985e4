import { ErrorCode, limits, messages, type CallDef, type Envelope } from '@ondoku/contract';
import type { z } from 'zod';

/**
 * The request layer of spec §7–§8, independent of React so its rules can be unit-tested:
 * bearer token, accept-language, teacher_id and flag query parameters, 30 s timeout;
 * GET timeout or network error → confirm with retry (up to 4), then the failure toast;
 * failed non-GET → the failure toast; errcode ≠ 0 → toast of errmsg; 401 → sign out;
 * 500 → alert.
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
  baseUrl?: string;
  timeoutMs?: number;
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

export function createRequester(deps: RequestDeps) {
  const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const base = deps.baseUrl ?? '';
  const timeoutMs = deps.timeoutMs ?? limits.requestTimeoutMs;

  async function once(method: 'GET' | 'POST', path: string, input: unknown, init?: RequestInit) {
    const token = deps.session.token();
    const teacherId = deps.session.teacherId();
    const meta: Query = { teacher_id: teacherId ?? undefined, flag: teacherId ? 1 : undefined };
    const query = method === 'GET' ? { ...(input as Query), ...meta } : meta;
    const headers: Record<string, string> = { 'accept-language': 'ja', accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
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

  async function readEnvelope<T>(res: Response): Promise<Envelope<T>> {
    if (res.status === 401) {
      deps.session.onUnauthorized();
      throw new ApiError(messages.unauthorized, ErrorCode.UNAUTHORIZED, 401);
    }
    if (res.status >= 500) {
      deps.ui.alert(messages.serviceError);
      throw new ApiError(messages.serviceError, ErrorCode.INTERNAL, res.status);
    }
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      deps.ui.toast(messages.operationFailed);
      throw new ApiError(messages.operationFailed, -1, res.status);
    }
    if (env.errcode !== 0) {
      const msg = env.errmsg || messages.operationFailed;
      deps.ui.toast(msg);
      throw new ApiError(msg, env.errcode, res.status);
    }
    return env;
  }

  return {
    /** A JSON call of the contract; resolves with `data` of the envelope. */
    async call<C extends CallDef>(c: C, input: z.input<C['input']>): Promise<z.output<C['output']>> {
      const res = await send(c.method, c.path, input);
      return (await readEnvelope<z.output<C['output']>>(res)).data;
    },
    /** A blob export: the file itself, or the envelope when the server refused. */
    async blob(path: string, query: Query): Promise<{ blob: Blob; filename: string | null }> {
      const res = await send('GET', path, query);
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('application/json') || !res.ok) {
        await readEnvelope(res);
        throw new ApiError(messages.operationFailed, -1, res.status);
      }
      const cd = res.headers.get('content-disposition') ?? '';
      const m = /filename\*=UTF-8''([^;]+)/i.exec(cd);
      return { blob: await res.blob(), filename: m?.[1] ? decodeURIComponent(m[1]) : null };
    },
  };
}

export type Requester = ReturnType<typeof createRequester>;
