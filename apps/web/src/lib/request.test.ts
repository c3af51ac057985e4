import {
  exportStudentsXls,
  getMyHomeworkPageList,
  importClassStudentsList,
  logout,
  messages,
  studentMessages,
  XLSX_TYPE,
} from '@ondoku/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl } from '@ondoku/ui/request';
import { createRequester } from './request';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake XMLHttpRequest: the test decides the reply and the progress events. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  reply(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

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
  const xhr = () => new FakeXhr() as unknown as XMLHttpRequest;
  return { ui, session, fetchSpy, api: createRequester({ ui, session, fetch: fetchSpy as typeof fetch, xhr }) };
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

describe('call kinds', () => {
  it('refuses a call of the wrong kind', async () => {
    const { api, fetchSpy } = setup(async () => ok(page));
    await expect(api.call(exportStudentsXls, {})).rejects.toBeInstanceOf(TypeError);
    await expect(api.download(getMyHomeworkPageList, {})).rejects.toBeInstanceOf(TypeError);
    const file = new File(['x'], 'a.xlsx');
    await expect(api.upload(getMyHomeworkPageList, { file })).rejects.toBeInstanceOf(TypeError);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('download', () => {
  const file = (headers: Record<string, string>) =>
    new Response('PK', { status: 200, headers: { 'content-type': XLSX_TYPE, ...headers } });

  it('resolves the file and its Japanese name, sent with the same metadata', async () => {
    const { api, fetchSpy } = setup(async () =>
      file({ 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('生徒一覧.xlsx')}` }),
    );
    const { blob, filename } = await api.download(exportStudentsXls, { team_id: 3 });
    expect(filename).toBe('生徒一覧.xlsx');
    expect(blob.size).toBe(2);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v2/team/export-students-xls?team_id=3&teacher_id=7&flag=1');
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('toasts the errmsg of an envelope instead of a file', async () => {
    const { api, ui } = setup(async () =>
      json(404, { errcode: 40400, errmsg: 'データが見つかりませんでした。', data: null }),
    );
    await expect(api.download(exportStudentsXls, {})).rejects.toMatchObject({ errcode: 40400 });
    expect(ui.toast).toHaveBeenCalledWith('データが見つかりませんでした。');
  });

  it('signs out on 401 and alerts on 500', async () => {
    const a = setup(async () => json(401, { errcode: 40100, errmsg: 'x', data: null }));
    await expect(a.api.download(exportStudentsXls, {})).rejects.toMatchObject({ status: 401 });
    expect(a.session.onUnauthorized).toHaveBeenCalledOnce();
    const b = setup(async () => new Response('boom', { status: 502 }));
    await expect(b.api.download(exportStudentsXls, {})).rejects.toThrow();
    expect(b.ui.alert).toHaveBeenCalledWith(messages.serviceError);
  });

  it('offers the retry on a network error like any GET', async () => {
    let n = 0;
    const { api, ui } = setup(
      async () => {
        if (n++ === 0) throw new TypeError('Failed to fetch');
        return file({});
      },
      { retryAnswers: [true] },
    );
    await expect(api.download(exportStudentsXls, {})).resolves.toMatchObject({ filename: null });
    expect(ui.confirmRetry).toHaveBeenCalledOnce();
  });
});

describe('upload', () => {
  const roster = (size = 10, name = '名簿.xlsx') => new File([new Uint8Array(size)], name);
  const result = { imported: 2, errors: [], notices: [], created_teams: [] };

  it('sends fields and the file as multipart with the metadata, reporting progress', async () => {
    const { api } = setup(async () => ok(null));
    const progress: number[] = [];
    const done = api.upload(
      importClassStudentsList,
      { team_id: 5, file: roster() },
      { onProgress: (p) => progress.push(p) },
    );
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v2/team/import-team-students-list?teacher_id=7&flag=1');
    expect(xhr.headers).toMatchObject({ authorization: 'Bearer tok', 'accept-language': 'ja' });
    expect(xhr.body!.get('team_id')).toBe('5');
    expect((xhr.body!.get('file') as File).name).toBe('名簿.xlsx');
    xhr.progress(5, 10);
    xhr.progress(10, 10);
    xhr.reply(200, { errcode: 0, errmsg: '', data: result });
    await expect(done).resolves.toEqual(result);
    expect(progress).toEqual([50, 100]);
  });

  it('refuses a file over the size limit or of another type before sending, with the rule message', async () => {
    const { api, ui } = setup(async () => ok(null));
    FakeXhr.last = null;
    await expect(
      api.upload(importClassStudentsList, { team_id: 5, file: roster(5 * 1024 * 1024 + 1) }),
    ).rejects.toThrow(studentMessages.fileTooLarge);
    expect(ui.toast).toHaveBeenCalledWith(studentMessages.fileTooLarge);
    await expect(api.upload(importClassStudentsList, { team_id: 5, file: roster(10, 'a.pdf') })).rejects.toThrow();
    expect(ui.toast).toHaveBeenCalledWith(studentMessages.fileType);
    expect(FakeXhr.last).toBeNull();
  });

  it('toasts the errmsg of a refused upload', async () => {
    const { api, ui } = setup(async () => ok(null));
    const done = api.upload(importClassStudentsList, { team_id: 5, file: roster() });
    FakeXhr.last!.reply(400, { errcode: 40000, errmsg: studentMessages.fileUnreadable, data: null });
    await expect(done).rejects.toMatchObject({ errcode: 40000 });
    expect(ui.toast).toHaveBeenCalledWith(studentMessages.fileUnreadable);
  });

  it('signs out on 401 and alerts on 500', async () => {
    const a = setup(async () => ok(null));
    const d1 = a.api.upload(importClassStudentsList, { team_id: 5, file: roster() });
    FakeXhr.last!.reply(401, { errcode: 40100, errmsg: 'x', data: null });
    await expect(d1).rejects.toMatchObject({ status: 401 });
    expect(a.session.onUnauthorized).toHaveBeenCalledOnce();
    expect(a.ui.toast).not.toHaveBeenCalled();

    const b = setup(async () => ok(null));
    const d2 = b.api.upload(importClassStudentsList, { team_id: 5, file: roster() });
    FakeXhr.last!.reply(500, { errcode: 50000, errmsg: 'x', data: null });
    await expect(d2).rejects.toThrow();
    expect(b.ui.alert).toHaveBeenCalledWith(messages.serviceError);
  });

  it('toasts the failure message on a network error, without a retry', async () => {
    const { api, ui } = setup(async () => ok(null));
    const done = api.upload(importClassStudentsList, { team_id: 5, file: roster() });
    FakeXhr.last!.onerror!();
    await expect(done).rejects.toThrow(messages.operationFailed);
    expect(ui.confirmRetry).not.toHaveBeenCalled();
    expect(ui.toast).toHaveBeenCalledWith(messages.operationFailed);
  });
});

describe('buildUrl', () => {
  it('skips empty values and encodes Japanese', () => {
    expect(buildUrl('', '/a', { kw: '山田', x: '', y: undefined, ids: [1, 2] })).toBe(
      '/a?kw=%E5%B1%B1%E7%94%B0&ids=1&ids=2',
    );
  });
});

describe('silent', () => {
  it('fails without toast, alert, retry dialog or sign-out', async () => {
    const { api, ui, session } = setup(async () => json(401, { errcode: 40100, errmsg: 'x', data: null }));
    await expect(api.silent.call(getMyHomeworkPageList, {})).rejects.toBeInstanceOf(ApiError);
    const net = setup(async () => {
      throw new TypeError('x');
    });
    await expect(net.api.silent.call(getMyHomeworkPageList, {})).rejects.toThrow();
    expect(session.onUnauthorized).not.toHaveBeenCalled();
    expect([ui.toast, ui.alert, net.ui.confirmRetry, net.ui.toast].every((f) => f.mock.calls.length === 0)).toBe(true);
  });
});

describe('quiet', () => {
  it('fails without toast, alert or retry dialog, but a 401 still signs out', async () => {
    const { api, ui, session } = setup(async () => json(401, { errcode: 40100, errmsg: 'x', data: null }));
    await expect(api.quiet.call(getMyHomeworkPageList, {})).rejects.toBeInstanceOf(ApiError);
    expect(session.onUnauthorized).toHaveBeenCalledOnce();
    const net = setup(async () => {
      throw new TypeError('x');
    });
    await expect(net.api.quiet.call(getMyHomeworkPageList, {})).rejects.toThrow();
    expect([ui.toast, ui.alert, net.ui.confirmRetry, net.ui.toast].every((f) => f.mock.calls.length === 0)).toBe(true);
  });
});
