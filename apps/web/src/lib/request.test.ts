import { getMyHomeworkPageList, logout, messages } from '@ondoku/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, createRequester } from './request';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(fetchImpl: typeof fetch, opts: { retryAnswers?: boolean[]; token?: string | null } = {}) {
  const answers = [...(opts.retryAnswers ?? [])];
  const ui = {
    toast: vi.fn(),
    alert: vi.fn(),
    confirmRetry: vi.fn(async () => answers.shift() ?? false),
  };
  const session = {
    token: () => (opts.token === undefined ? 'tok' : opts.token),
    teacherId: () => 7,
    onUnauthorized: vi.fn(),
  };
  const fetchSpy = vi.fn(fetchImpl);
  return { ui, session, fetchSpy, api: createRequester({ ui, session, fetch: fetchSpy as typeof fetch }) };
}

const ok = (data: unknown) => json(200, { errcode: 0, errmsg: '', data });
const page = { rows: [], total: 0, page: 1, limit: 10 };

describe('request layer', () => {
  it('sends the bearer token, accept-language, teacher_id and flag', async () => {
    const { api, fetchSpy } = setup(async () => ok(page));
    await api.call(getMyHomeworkPageList, { page: 2 });
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v2/homework/my-homework-page-list?page=2&teacher_id=7&flag=1');
    const headers = init!.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['accept-language']).toBe('ja');
  });

  it('sends POST bodies as JSON with the metadata in the query', async () => {
    const { api, fetchSpy } = setup(async () => ok(null));
    await api.call(logout, {});
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v2/teacher/logout?teacher_id=7&flag=1');
    expect(init!.method).toBe('POST');
    expect(init!.body).toBe('{}');
  });

  it('offers a retry on a GET network error, up to 4 times, then shows the failure toast', async () => {
    const { api, ui, fetchSpy } = setup(
      async () => {
        throw new TypeError('Failed to fetch');
      },
      { retryAnswers: [true, true, true, true, true] },
    );
    await expect(api.call(getMyHomeworkPageList, {})).rejects.toBeInstanceOf(ApiError);
    expect(ui.confirmRetry).toHaveBeenCalledTimes(4);
    expect(fetchSpy).toHaveBeenCalledTimes(5);
    expect(ui.toast).toHaveBeenCalledWith('処理が失敗しました。再度お試しください。');
  });

  it('succeeds when a retry works', async () => {
    let n = 0;
    const { api, ui } = setup(
      async () => {
        if (n++ === 0) throw new TypeError('Failed to fetch');
        return ok(page);
      },
      { retryAnswers: [true] },
    );
    await expect(api.call(getMyHomeworkPageList, {})).resolves.toEqual(page);
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('stops when the teacher declines the retry', async () => {
    const { api, ui, fetchSpy } = setup(
      async () => {
        throw new TypeError('x');
      },
      { retryAnswers: [false] },
    );
    await expect(api.call(getMyHomeworkPageList, {})).rejects.toThrow();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(ui.toast).toHaveBeenCalledWith(messages.operationFailed);
  });

  it('treats a timeout as a network error', async () => {
    const ui = { toast: vi.fn(), alert: vi.fn(), confirmRetry: vi.fn(async () => false) };
    const api = createRequester({
      ui,
      session: { token: () => 't', teacherId: () => 1, onUnauthorized: vi.fn() },
      timeoutMs: 20,
      fetch: ((_u: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        )) as typeof fetch,
    });
    await expect(api.call(getMyHomeworkPageList, {})).rejects.toThrow();
    expect(ui.confirmRetry).toHaveBeenCalledTimes(1);
  });

  it('never retries a failed POST: it shows the failure toast', async () => {
    const { api, ui, fetchSpy } = setup(async () => {
      throw new TypeError('x');
    });
    await expect(api.call(logout, {})).rejects.toThrow();
    expect(ui.confirmRetry).not.toHaveBeenCalled();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(ui.toast).toHaveBeenCalledWith('処理が失敗しました。再度お試しください。');
  });

  it('shows errmsg as a toast when errcode is not 0', async () => {
    const { api, ui } = setup(async () => json(200, { errcode: 10001, errmsg: 'パスワードが違います', data: null }));
    await expect(api.call(getMyHomeworkPageList, {})).rejects.toMatchObject({ errcode: 10001 });
    expect(ui.toast).toHaveBeenCalledWith('パスワードが違います');
  });

  it('shows the server message of a 400', async () => {
    const { api, ui } = setup(async () => json(400, { errcode: 40000, errmsg: '入力が正しくありません', data: null }));
    await expect(api.call(getMyHomeworkPageList, {})).rejects.toThrow();
    expect(ui.toast).toHaveBeenCalledWith('入力が正しくありません');
  });

  it('signs out on 401 without a toast', async () => {
    const { api, ui, session } = setup(async () => json(401, { errcode: 40100, errmsg: 'x', data: null }));
    await expect(api.call(getMyHomeworkPageList, {})).rejects.toMatchObject({ status: 401 });
    expect(session.onUnauthorized).toHaveBeenCalledOnce();
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('alerts on 500', async () => {
    const { api, ui } = setup(async () => json(500, { errcode: 50000, errmsg: 'x', data: null }));
    await expect(api.call(getMyHomeworkPageList, {})).rejects.toThrow();
    expect(ui.alert).toHaveBeenCalledWith('サービス異常。もう一度やり直してください。');
  });

  it('omits the authorization header when signed out', async () => {
    const { api, fetchSpy } = setup(async () => ok(page), { token: null });
    await api.call(getMyHomeworkPageList, {});
    expect((fetchSpy.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBeUndefined();
  });
});

describe('buildUrl', () => {
  it('skips empty values and encodes Japanese', () => {
    expect(buildUrl('', '/a', { kw: '山田', x: '', y: undefined, ids: [1, 2] })).toBe(
      '/a?kw=%E5%B1%B1%E7%94%B0&ids=1&ids=2',
    );
  });
});
