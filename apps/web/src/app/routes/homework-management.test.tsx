process.env.TZ = 'Asia/Tokyo';
import {
  delayHomework,
  deleteHomework,
  getMyClassRows,
  getMyHomeworkPageList,
  getPreparation,
  type ClassRow,
  type HomeworkRow,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onNotifierNeeded } from '../../lib/notify';
import { renderRoute, reply, type FakeInput, type RenderRouteOptions } from '../../test/render-route';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => sessionStorage.clear());

const klass = (team_id: number, name: string): ClassRow => ({
  team_id,
  name,
  allow_join: 1,
  sort: team_id,
  hidden: false,
  student_count: 25,
  created_at: '2026-04-01T00:00:00.000Z',
});
const classes = [klass(12, '3年1組'), klass(13, '3年2組')];

const row = (id: number, patch: Partial<HomeworkRow> = {}): HomeworkRow => ({
  homework_id: id,
  title: `宿題${id}`,
  team: { team_id: 12, name: '3年1組' },
  type: 'routine',
  origin_type: 'classroom',
  required_times: null,
  has_delay: false,
  state: 'open',
  start_time: '2026-04-08T00:30:00.000Z',
  end_time: '2026-04-15T08:00:00.000Z',
  reissue_end_time: null,
  test_start_time: null,
  plan_id: null,
  topic_count: 2,
  assigned_count: 25,
  submitted_count: 10,
  created_at: '2026-04-07T00:00:00.000Z',
  ...patch,
});

const rows = [
  row(1),
  row(2, {
    title: '本部の単語テスト',
    type: 'wordtest',
    origin_type: 'headquarters',
    state: 'scheduled',
    submitted_count: 0,
  }),
  row(3, { title: '期限切れの音読', state: 'overdue', submitted_count: 20, team: null, required_times: 3 }),
  row(4, { title: '終わった宿題', type: 'periodic', state: 'finished', submitted_count: 25 }),
];

function setup(list: (q: FakeInput) => HomeworkRow[] = () => rows, extra: NonNullable<RenderRouteOptions['api']> = []) {
  return renderRoute('/homework-management', {
    api: [
      reply(getMyClassRows, () => ({ rows: classes })),
      reply(getMyHomeworkPageList, (q) => {
        const r = list(q);
        return { rows: r, total: r.length, page: Number(q.page), limit: Number(q.limit) };
      }),
      ...extra,
    ],
  });
}

/** Choose a filter (native selects) by its option text. */
function pickOption(label: string, text: string) {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  const option = [...select.options].find((o) => o.text === text);
  if (!option) throw new Error(`no option ${text} in ${label}`);
  fireEvent.change(select, { target: { value: option.value } });
}

const lastListQuery = (calls: { path: string; input: FakeInput }[]) =>
  calls.filter((c) => c.path === getMyHomeworkPageList.path).at(-1)!.input;

describe('/homework-management', { timeout: 90_000 }, () => {
  it('shows each homework with class, type, origin, period in Japanese dates, state and submissions', async () => {
    const { calls } = setup();
    const first = await screen.findByRole('region', { name: '宿題1' }, { timeout: 20_000 });
    expect(within(first).getByText('実施中')).toBeInTheDocument();
    expect(within(first).getByText('3年1組', { exact: false })).toBeInTheDocument();
    expect(within(first).getByText('通常宿題')).toBeInTheDocument();
    expect(within(first).getByText('教室')).toBeInTheDocument();
    expect(first).toHaveTextContent(/2026年4月8日\(水\) 09:30 〜 2026年4月15日\(水\) 17:00/);
    expect(within(first).getByRole('progressbar', { name: '提出率' })).toHaveAttribute('aria-valuenow', '40');
    expect(first).toHaveTextContent('提出 10/25人');
    const hq = screen.getByRole('region', { name: '本部の単語テスト' });
    expect(within(hq).getByText('本部')).toBeInTheDocument();
    expect(within(hq).getByText('配信予定')).toBeInTheDocument();
    expect(within(hq).getByText('単語テスト')).toBeInTheDocument();
    const overdue = screen.getByRole('region', { name: '期限切れの音読' });
    expect(within(overdue).getByText('期限切れ')).toBeInTheDocument();
    expect(overdue).toHaveTextContent('個別の生徒');
    expect(overdue).toHaveTextContent('必要練習回数 3回');
    expect(within(screen.getByRole('region', { name: '終わった宿題' })).getByText('終了')).toBeInTheDocument();
    // 再配信 only for overdue homework; every row links to its results (/homework-details/:homeworkId).
    expect(within(overdue).getByRole('button', { name: '再配信' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: '再配信' })).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '詳細' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: rows[0]!.title })).toHaveAttribute('href', '/homework-details/1');
    expect(lastListQuery(calls)).toMatchObject({
      page: '1',
      limit: '20',
      sort_field: 'start_time',
      sort_order: 'desc',
    });
  });

  it('sends every list filter of the spec as the list query and keeps them for the session', async () => {
    const { calls, unmount } = setup();
    await screen.findByRole('region', { name: '宿題1' }, { timeout: 20_000 });
    pickOption('クラス', '3年2組');
    pickOption('種類', '単語テスト');
    pickOption('配信元', '本部');
    pickOption('状態', '期限切れ');
    pickOption('必要練習回数', '回数指定あり');
    pickOption('再配信', '再配信なし');
    pickOption('並び順', '締切が近い順');
    pickOption('検索の対象', '教材名');
    fireEvent.change(screen.getByLabelText('配信日（この日以降）'), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText('締切（この日まで）'), { target: { value: '2026-04-30' } });
    const kw = screen.getByLabelText('キーワード');
    fireEvent.change(kw, { target: { value: ' 音読 ' } });
    fireEvent.keyDown(kw, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const expected = {
      page: '1',
      limit: '20',
      team_id: '13',
      homework_type: 'wordtest',
      origin_type: 'headquarters',
      finish_type: 'overdue',
      has_required_times: '1',
      has_delay: '0',
      sort_field: 'end_time',
      sort_order: 'asc',
      search_title: '音読',
      search_type: 'resource',
      start_time: '2026-04-01',
      end_time: '2026-04-30',
    };
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject(expected), { timeout: 20_000 });

    // Back on the list in the same browser session: the same filters are applied.
    unmount();
    vi.unstubAllGlobals();
    const again = setup();
    await waitFor(() => expect(lastListQuery(again.calls)).toMatchObject(expected), { timeout: 20_000 });
    expect(screen.getByLabelText('配信日（この日以降）')).toHaveValue('2026-04-01');
    fireEvent.click(screen.getByRole('button', { name: '条件をクリア' }));
    await waitFor(() => expect(lastListQuery(again.calls).finish_type).toBeUndefined(), { timeout: 20_000 });
    expect(lastListQuery(again.calls).team_id).toBeUndefined();
  });

  it('starts loading the confirmation (antd, not in the first view) when the pointer or focus reaches 削除 or 再配信', async () => {
    setup();
    const overdue = await screen.findByRole('region', { name: '期限切れの音読' }, { timeout: 20_000 });
    const asked = vi.fn();
    const stop = onNotifierNeeded(asked);
    try {
      expect(asked).not.toHaveBeenCalled(); // the list itself does not ask for it
      fireEvent.pointerEnter(within(overdue).getByRole('button', { name: '削除' }));
      expect(asked).toHaveBeenCalledTimes(1);
      fireEvent.focus(within(overdue).getByRole('button', { name: '再配信' }));
      expect(asked).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it('deletes only after a confirmation that says submissions are kept', async () => {
    let deleted: FakeInput | null = null;
    setup(
      () => rows,
      [
        reply(deleteHomework, (b) => {
          deleted = b;
          return null;
        }),
      ],
    );
    const first = await screen.findByRole('region', { name: '宿題1' }, { timeout: 20_000 });
    fireEvent.click(within(first).getByRole('button', { name: '削除' }));
    const confirm = await screen.findByTestId('delete-confirm');
    expect(confirm).toHaveTextContent('提出済みの解答（10人分）は削除されず、記録として残ります。');
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByTestId('delete-confirm')).not.toBeInTheDocument());
    expect(deleted).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: '削除' }));
    await screen.findByTestId('delete-confirm');
    fireEvent.click(screen.getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(deleted).toMatchObject({ homework_id: 1 }));
    expect(await screen.findByText('「宿題1」を削除しました。')).toBeInTheDocument();
  });

  it('reissues an overdue homework to the children who have not submitted after a confirmation', async () => {
    let delayed: FakeInput | null = null;
    setup(
      () => rows,
      [
        reply(delayHomework, (b) => {
          delayed = b;
          return { reissue_id: 5, end_time: '2026-04-22T08:00:00.000Z', student_count: 5 };
        }),
      ],
    );
    const overdue = await screen.findByRole('region', { name: '期限切れの音読' }, { timeout: 20_000 });
    fireEvent.click(within(overdue).getByRole('button', { name: '再配信' }));
    expect(await screen.findByTestId('delay-confirm')).toHaveTextContent(
      'まだ提出していない生徒（5人）にだけ、締切を7日延長してもう一度配信します。',
    );
    fireEvent.click(screen.getByRole('button', { name: '再配信する' }));
    await waitFor(() => expect(delayed).toMatchObject({ homework_id: 3 }));
    expect(
      await screen.findByText('未提出の5人に再配信しました（締切 2026年4月22日(水) 17:00）。'),
    ).toBeInTheDocument();
  });

  it('while the demo homework is handed in, the list says so with progress instead of まだ宿題がありません。', async () => {
    renderRoute('/homework-management', {
      api: [
        reply(getMyClassRows, () => ({ rows: classes })),
        reply(getMyHomeworkPageList, () => ({ rows: [], total: 0, page: 1, limit: 20 })),
        reply(getPreparation, () => ({ library: { done: 63, total: 159 }, demo_homework: { done: 3, total: 28 } })),
      ],
    });
    expect(await screen.findByTestId('preparing-demo_homework', {}, { timeout: 20_000 })).toHaveTextContent(
      'デモの宿題を準備しています（3/28）',
    );
    expect(screen.queryByText('まだ宿題がありません。「宿題配信」から配信できます。')).toBeNull();
  });

  it('/home leads to the list', async () => {
    renderRoute('/home', {
      api: [
        reply(getMyClassRows, () => ({ rows: classes })),
        reply(getMyHomeworkPageList, () => ({ rows: [], total: 0, page: 1, limit: 20 })),
      ],
    });
    expect(
      await screen.findByText('まだ宿題がありません。「宿題配信」から配信できます。', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });
});
