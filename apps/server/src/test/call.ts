import type { CallDef, CallInput, CallOutput } from '@ondoku/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

/**
 * Typed calls for server tests: the contract's call decides method, path and where the input
 * goes (query string or JSON body); the reply is the parsed envelope with `data` typed by the
 * call's output. `as`: a signed-in teacher ({ token }) or a raw token; omitted = no token.
 */
export type As = { token: string } | string | undefined;

export interface CallReply<C extends CallDef> {
  status: number;
  errcode: number;
  errmsg: string;
  /** The call's output on success (errcode 0); null on a business error. */
  data: CallOutput<C>;
  res: LightMyRequestResponse;
}

const authHeader = (as: As): Record<string, string> => {
  const token = typeof as === 'string' ? as : as?.token;
  return token ? { authorization: `Bearer ${token}` } : {};
};

/** Encode a GET input as the browser's query string (arrays as repeated keys are not used: comma lists). */
export function queryString(input: object): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null) continue;
    params.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const q = params.toString();
  return q ? `?${q}` : '';
}

function inject(t: TestApp, call: CallDef, input: unknown, as: As, extraQuery = '') {
  const headers = authHeader(as);
  if (call.method === 'GET') {
    const q = queryString((input ?? {}) as object);
    const sep = q ? '&' : '?';
    return t.app.inject({ method: 'GET', url: `${call.path}${q}${extraQuery ? sep + extraQuery : ''}`, headers });
  }
  return t.app.inject({
    method: 'POST',
    url: `${call.path}${extraQuery ? `?${extraQuery}` : ''}`,
    payload: (input ?? {}) as object,
    headers,
  });
}

/** A JSON call of the contract; `input` may be anything (tests send invalid input on purpose). */
export async function call<C extends CallDef>(
  t: TestApp,
  c: C,
  input: CallInput<C> | Record<string, unknown>,
  opts: { as?: As; query?: string } = {},
): Promise<CallReply<C>> {
  if (c.kind !== 'json') throw new Error(`${c.path} is a ${c.kind} call: use download() or an upload`);
  const res = await inject(t, c, input, opts.as, opts.query);
  const body = res.json() as { errcode: number; errmsg: string; data: CallOutput<C> };
  return { status: res.statusCode, errcode: body.errcode, errmsg: body.errmsg, data: body.data, res };
}

/** A blob call of the contract: the file (status 200) or the JSON error envelope. */
export async function download<C extends CallDef>(
  t: TestApp,
  c: C,
  input: CallInput<C> | Record<string, unknown>,
  opts: { as?: As; query?: string } = {},
) {
  if (c.kind !== 'blob') throw new Error(`${c.path} is a ${c.kind} call: use call()`);
  const res = await inject(t, c, input, opts.as, opts.query);
  const isFile = res.statusCode === 200 && !String(res.headers['content-type']).startsWith('application/json');
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    disposition: String(res.headers['content-disposition'] ?? ''),
    body: res.rawPayload,
    error: isFile ? null : (res.json() as { errcode: number; errmsg: string }),
    res,
  };
}
