import { ErrorCode, limits, messages, type CallDef, type CallKind, type Envelope } from '@ondoku/contract';
import type { z } from 'zod';

/**
 * The request layer both apps share (docs/architecture.md, "The path of a request"), independent of React so
 * its rules can be unit-tested: bearer token, accept-language, 30 s timeout; GET timeout or
 * network error → confirm with retry (up to 4), then the failure toast; failed non-GET → the
 * failure toast; errcode ≠ 0 → toast of errmsg; 401 → sign out; 500 → alert.
 * `createRequester` is the children's requester (JSON calls only); the teacher app builds its
 * own on `createTransport` (apps/web/src/lib/request.ts: teacher_id and flag, downloads, uploads).
 */
export interface RequestUi {
  toast(message: string): void;
  alert(message: string): void;
  /** Ask whether to retry a GET that timed out or hit a network error. */
  confirmRetry(): Promise<boolean>;
}

export interface RequestSession {
  token(): string | null;
  /** Called on 401: clear the session and go to the sign-in screen. */
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

/** Refuse a call of the wrong kind (a programming error, not something the user sees). */
export function requireKind(c: CallDef, kind: CallKind, method: string) {
  if (c.kind !== kind) throw new TypeError(`${method}() takes ${kind} calls; ${c.path} is a ${c.kind} call`);
}

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

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

/** The same deps without telling the user anything (no toast, alert, retry dialog or sign-out). */
export function silentDeps<D extends RequestDeps>(deps: D): D {
  return {
    ...deps,
    ui: { toast() {}, alert() {}, confirmRetry: async () => false },
    session: { ...deps.session, onUnauthorized() {} },
  };
}

/** No toast, alert or retry dialog, but a 401 still signs out. */
export function quietDeps<D extends RequestDeps>(deps: D): D {
  return { ...deps, ui: { toast() {}, alert() {}, confirmRetry: async () => false } };
}

/**
 * The rules above as parts a requester is made of. `query` adds parameters to every call's URL
 * (the teacher app's teacher_id and flag).
 */
export function createTransport(deps: RequestDeps, query: () => Query = () => ({})) {
  const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const base = deps.baseUrl ?? '';
  const timeoutMs = deps.timeoutMs ?? limits.requestTimeoutMs;

  function headers(): Record<string, string> {
    const token = deps.session.token();
    const h: Record<string, string> = { 'accept-language': 'ja', accept: 'application/json' };
    if (token) h.authorization = `Bearer ${token}`;
    return h;
  }

  async function once(method: 'GET' | 'POST', path: string, input: unknown, init?: RequestInit) {
    const q = method === 'GET' ? { ...(input as Query), ...query() } : query();
    const h = headers();
    let body: BodyInit | undefined;
    if (method === 'POST') {
      if (input instanceof FormData) body = input;
      else {
        h['content-type'] = 'application/json';
        body = JSON.stringify(input ?? {});
      }
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await doFetch(buildUrl(base, path, q), { method, headers: h, body, signal: controller.signal, ...init });
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

  function checkEnvelope<T>(env: Envelope<T>, status: number): Envelope<T> {
    if (env.errcode !== 0) {
      const msg = env.errmsg || messages.operationFailed;
      deps.ui.toast(msg);
      throw new ApiError(msg, env.errcode, status);
    }
    return env;
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

  /** A JSON call of the contract; resolves with `data` of the envelope. */
  async function call<C extends CallDef>(c: C, input: z.input<C['input']>): Promise<z.output<C['output']>> {
    requireKind(c, 'json', 'call');
    const res = await send(c.method, c.path, input);
    return (await readEnvelope<z.output<C['output']>>(res)).data;
  }

  return { base, query, headers, send, checkStatus, failed, checkEnvelope, readEnvelope, call };
}

export interface Requester {
  /**
   * The same requester without telling the user anything (no toast, alert, retry dialog or
   * sign-out): for checks that run before anything is on screen, or forms that show their own error.
   */
  readonly silent: Requester;
  /**
   * No toast, alert or retry dialog, but a 401 still signs out: for work on screen that shows
   * its own failure, where a revoked session must not leave the user typing into the void.
   */
  readonly quiet: Requester;
  call<C extends CallDef>(c: C, input: z.input<C['input']>): Promise<z.output<C['output']>>;
}

/** A requester of JSON calls with the rules above (the children's app has no downloads or uploads). */
export function createRequester(deps: RequestDeps): Requester {
  const transport = createTransport(deps);
  let silent: Requester | null = null;
  let quiet: Requester | null = null;
  return {
    get silent() {
      silent ??= createRequester(silentDeps(deps));
      return silent;
    },
    get quiet() {
      quiet ??= createRequester(quietDeps(deps));
      return quiet;
    },
    call: transport.call,
  };
}
