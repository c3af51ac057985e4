import {
  getSystemStatus,
  SystemStatus,
  getNewNoticeTotal,
  getTeacherInfo,
  type CallDef,
  type CallOutput,
  type TeacherUser,
} from '@ondoku/contract';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
// The app loads antd with its first antd screen (the router's AntdFrame); route tests import it up
// front, as the provider did before, so a test's own timeouts do not pay for loading antd.
import '../components/ui/antd-theme';
import { routes } from '../app/router';
import { sessionStore } from '../lib/session';

/**
 * Route-level component tests (as a teacher uses a screen): the real routes, layouts and
 * providers (QueryClient, the notifier; antd's ConfigProvider ja_JP through the router's AntdFrame) in a memory router, signed in
 * as a test teacher, with a fake API standing in for the server behind the real request layer.
 */

/** The call's input as the server receives it: query values as strings, JSON body values as sent. */
export type FakeInput = Record<string, unknown>;
export type FakeReply = (input: FakeInput) => unknown;

/** One call's fake reply, typed by the contract: `reply(getClassInfo, (q) => ({ … }))`. */
export const reply = <C extends CallDef>(call: C, answer: (input: FakeInput) => CallOutput<C>): [string, FakeReply] => [
  call.path,
  answer,
];

/** A failed reply a fake returns (or throws): the envelope with errcode ≠ 0 and an HTTP status. */
export class FakeFailure {
  constructor(
    readonly status: number,
    readonly errcode: number,
    readonly errmsg: string,
  ) {}
}
/** A file a blob call answers: `reply(exportCall, () => file('a.xlsx'))`. */
export class FakeFile {
  constructor(
    readonly filename: string,
    readonly contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ) {}
}
export const file = (filename: string, contentType?: string) => new FakeFile(filename, contentType) as never;

/** `reply(call, () => failure(404, 40400, 'データが見つかりませんでした。'))`, typed as any reply. */
export const failure = (status: number, errcode: number, errmsg: string) =>
  new FakeFailure(status, errcode, errmsg) as never;
/** Throws the server's error envelope with that status (e.g. a 400 with the spec's message). */
export const fail = (status: number, errmsg: string): never => {
  throw new FakeFailure(status, status * 100, errmsg);
};

export const testTeacher: TeacherUser = {
  id: 7,
  teacher_flag: 1,
  username: 'sensei',
  email: 'sensei@example.jp',
  nickname: '山田先生',
  avatar: null,
  type: 'teacher',
  showLive: false,
  school: 'テスト小学校',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface RenderRouteOptions {
  /** Replies by call; the status check and teacher info have defaults. Other calls answer 404. */
  api?: [string, FakeReply][];
  /** Signed in as this teacher (default testTeacher); null for signed out. */
  user?: TeacherUser | null;
}

export function renderRoute(path: string, opts: RenderRouteOptions = {}) {
  const user = opts.user === undefined ? testTeacher : opts.user;
  if (user) sessionStore.set({ token: 'test-token', user, onlineClassSwitch: false });
  else sessionStore.clear();

  const handlers = new Map<string, FakeReply>([
    reply(getSystemStatus, () => ({ status: SystemStatus.NORMAL, title: '', message: '' })),
    reply(getTeacherInfo, () => ({ user: user!, online_class_switch: false, live_lesson_url: null })),
    reply(getNewNoticeTotal, () => ({
      new_msg_num: 0,
      homework_msg_num: 0,
      system_msg_num: 0,
      allow_send_message: true,
    })),
    ...(opts.api ?? []),
  ]);
  /** Every call the screen made, in order: path and input (query or JSON body). */
  const calls: { path: string; input: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = new URL(String(url), 'http://test');
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of u.searchParams) {
      const prev = query[k];
      query[k] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v];
    }
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const input = { ...query, ...body };
    calls.push({ path: u.pathname, input });
    const handler = handlers.get(u.pathname);
    if (!handler) return json(404, { errcode: 40400, errmsg: 'データが見つかりませんでした。', data: null });
    try {
      const data = handler(input);
      if (data instanceof FakeFile)
        return new Response(new Uint8Array([80, 75, 3, 4]), {
          status: 200,
          headers: {
            'content-type': data.contentType,
            'content-disposition': `attachment; filename="x"; filename*=UTF-8''${encodeURIComponent(data.filename)}`,
          },
        });
      if (data instanceof FakeFailure)
        return json(data.status, { errcode: data.errcode, errmsg: data.errmsg, data: null });
      return json(200, { errcode: 0, errmsg: '', data });
    } catch (e) {
      if (e instanceof FakeFailure) return json(e.status, { errcode: e.errcode, errmsg: e.errmsg, data: null });
      throw e;
    }
  });
  vi.stubGlobal('fetch', fetch);

  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, calls, fetch };
}
