import {
  getClassInfo,
  getMyClassRows,
  getMyHomeworkPageList,
  getStudentInfo,
  getStudentPageRows,
  type CallDef,
  type ClassRow,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, renderRoute, reply } from '../../test/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const klass: ClassRow = {
  team_id: 12,
  name: '3年1組',
  allow_join: 1,
  sort: 1,
  hidden: false,
  student_count: 0,
  created_at: '2026-04-01T00:00:00.000Z',
};
const emptyPage = { rows: [], total: 0, page: 1, limit: 20 };
const busy = () => failure(429, 42900, 'リクエストが多すぎます。しばらく待ってから再度お試しください。');

/**
 * A failed load is not an empty list (docs/classes.md, "Edges"): every list screen, its list
 * call, what it shows empty, and what it shows loaded.
 */
const lists: {
  path: string;
  call: CallDef;
  empty: string;
  loaded: () => unknown;
  shows: string;
  others?: [string, (input: Record<string, unknown>) => unknown][];
}[] = [
  {
    path: '/grades',
    call: getMyClassRows,
    empty: 'まだクラスがありません。「クラスを作成」から始めましょう。',
    loaded: () => ({ rows: [{ ...klass, name: '4年2組' }] }),
    shows: '4年2組',
  },
  {
    path: '/manage-class/12',
    call: getStudentPageRows,
    empty: 'このクラスにはまだ生徒がいません。「ファイルから取り込む」で追加できます。',
    loaded: () => emptyPage,
    shows: 'このクラスにはまだ生徒がいません。「ファイルから取り込む」で追加できます。',
    others: [reply(getClassInfo, () => klass)],
  },
  {
    path: '/student/student-overview-home',
    call: getStudentPageRows,
    empty: 'まだ生徒がいません。',
    loaded: () => emptyPage,
    shows: 'まだ生徒がいません。',
    others: [reply(getMyClassRows, () => ({ rows: [] }))],
  },
  {
    path: '/homework-management',
    call: getMyHomeworkPageList,
    empty: 'まだ宿題がありません。「宿題配信」から配信できます。',
    loaded: () => emptyPage,
    shows: 'まだ宿題がありません。「宿題配信」から配信できます。',
  },
];

// A whole screen in jsdom takes seconds on a busy machine.
describe('edges a teacher hit', { timeout: 120_000 }, () => {
  it.each(lists)('$path: a failed load shows an error state with 再読み込み, never the empty text', async (l) => {
    let failing = true;
    const { calls } = renderRoute(l.path, {
      api: [...(l.others ?? []), [l.call.path, () => (failing ? busy() : l.loaded())]],
    });
    // getByRole walks the whole accessibility tree in jsdom: slow on a busy machine.
    const state = await screen.findByTestId('load-error', {}, { timeout: 30_000 });
    expect(state).toHaveTextContent('読み込みに失敗しました。');
    const retry = within(state).getByText('再読み込み').closest('button')!;
    expect(screen.queryByText(l.empty)).not.toBeInTheDocument();
    const before = calls.filter((c) => c.path === l.call.path).length;
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByText(l.shows, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === l.call.path).length).toBe(before + 1);
    expect(screen.queryByText('読み込みに失敗しました。')).not.toBeInTheDocument();
  });

  it('/manage-class/999999: one not-found state with a way back, no list call, no live actions', async () => {
    const { calls } = renderRoute('/manage-class/999999', {
      api: [reply(getClassInfo, () => failure(404, 40400, 'データが見つかりませんでした。'))],
    });
    const back = await screen.findByRole('link', { name: 'クラス一覧へ戻る' }, { timeout: 20_000 });
    expect(back).toHaveAttribute('href', '/grades');
    expect(screen.getByTestId('not-found')).toHaveTextContent('データが見つかりませんでした。');
    expect(document.querySelector('.ant-skeleton')).toBeNull();
    expect(screen.queryByRole('button', { name: /ファイルから取り込む|クラスを編集|全員削除/ })).toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.some((c) => c.path === getStudentPageRows.path)).toBe(false);
    // At most the request layer's one toast: nothing stacks.
    await waitFor(() => expect(document.querySelectorAll('.ant-message-notice').length).toBeLessThanOrEqual(1));
  });

  it('/student/student-details/unknown: the same not-found state, back to the student list', async () => {
    renderRoute('/student/student-details/nobody', {
      api: [reply(getStudentInfo, () => failure(404, 40400, 'データが見つかりませんでした。'))],
    });
    const back = await screen.findByRole('link', { name: '生徒一覧へ戻る' }, { timeout: 20_000 });
    expect(back).toHaveAttribute('href', '/student/student-overview-home');
    expect(screen.getByTestId('not-found')).toHaveTextContent('データが見つかりませんでした。');
    expect(screen.queryByRole('button', { name: /情報を編集|パスワードを設定/ })).toBeNull();
  });

  it('sets the document title of the route: 「クラスの生徒 - 音読 Ondoku」', async () => {
    renderRoute('/manage-class/12', {
      api: [reply(getClassInfo, () => klass), reply(getStudentPageRows, () => emptyPage)],
    });
    await waitFor(() => expect(document.title).toBe('クラスの生徒 - 音読 Ondoku'), { timeout: 20_000 });
  });

  it('a 1,000-character search is refused with 字数制限を超えています, not sent, no schema text (edge 7)', async () => {
    const { calls } = renderRoute('/manage-class/12', {
      api: [reply(getClassInfo, () => klass), reply(getStudentPageRows, () => emptyPage)],
    });
    const box = await screen.findByPlaceholderText('生徒ID・氏名・ふりがなで検索', {}, { timeout: 20_000 });
    fireEvent.change(box, { target: { value: 'あ'.repeat(1000) } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('字数制限を超えています', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(calls.some((c) => c.path === getStudentPageRows.path && c.input.kw !== undefined)).toBe(false);
    expect(screen.queryByText(/大きすぎる値/)).toBeNull();
  });
});
