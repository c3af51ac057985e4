import { exportStudentsXls, getStudentHomeworkList, messages, studentLogout } from '@ondoku/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createRequester } from './request';

// The shared requester as the children's app uses it. The rules it shares with the teacher's
// requester (retry, toasts, alert, 401) are tested through that one: apps/web/src/lib/request.test.ts.
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { errcode: 0, errmsg: '', data });

function setup(fetchImpl: typeof fetch) {
  const ui = { toast: vi.fn(), alert: vi.fn(), confirmRetry: vi.fn(async () => false) };
  const session = { token: () => 'student-token', onUnauthorized: vi.fn() };
  const fetchSpy = vi.fn(fetchImpl);
  return { ui, session, fetchSpy, api: createRequester({ ui, session, fetch: fetchSpy as typeof fetch }) };
}

describe("the shared requester (the children's)", () => {
  it('sends the bearer token and accept-language, and no teacher_id or flag', async () => {
    const { api, fetchSpy } = setup(async () => ok({ rows: [] }));
    expect(await api.call(getStudentHomeworkList, { state: 'open' })).toEqual({ rows: [] });
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v2/student/homework-list?state=open');
    const headers = init!.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer student-token');
    expect(headers['accept-language']).toBe('ja');

    await api.call(studentLogout, {});
    expect(fetchSpy.mock.calls[1]![0]).toBe('/api/v2/student/logout');
  });

  it('toasts errmsg, signs out on 401, alerts on 500', async () => {
    const { api, ui, session } = setup(async (input) =>
      String(input).includes('state=done')
        ? json(401, { errcode: 401, errmsg: 'x', data: null })
        : String(input).includes('state=overdue')
          ? json(500, {})
          : json(200, { errcode: 40001, errmsg: 'だめです', data: null }),
    );
    await expect(api.call(getStudentHomeworkList, {})).rejects.toThrow('だめです');
    expect(ui.toast).toHaveBeenCalledWith('だめです');
    await expect(api.call(getStudentHomeworkList, { state: 'done' })).rejects.toBeInstanceOf(ApiError);
    expect(session.onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(api.call(getStudentHomeworkList, { state: 'overdue' })).rejects.toThrow(messages.serviceError);
    expect(ui.alert).toHaveBeenCalledWith(messages.serviceError);
  });

  it('silent tells nobody and does not sign out; quiet still signs out', async () => {
    const { api, ui, session } = setup(async () => json(401, { errcode: 401, errmsg: 'x', data: null }));
    await expect(api.silent.call(getStudentHomeworkList, {})).rejects.toBeInstanceOf(ApiError);
    expect(session.onUnauthorized).not.toHaveBeenCalled();
    await expect(api.quiet.call(getStudentHomeworkList, {})).rejects.toBeInstanceOf(ApiError);
    expect(session.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('takes JSON calls only', async () => {
    const { api } = setup(async () => ok(null));
    await expect(api.call(exportStudentsXls as never, {} as never)).rejects.toThrow(TypeError);
  });
});
