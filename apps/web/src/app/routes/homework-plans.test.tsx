process.env.TZ = 'Asia/Tokyo';
import {
  changeHomework,
  delayPeriodicPlan,
  deletePeriodicPlan,
  editPeriodicPlan,
  getHomeworkDetail,
  getMyClassRows,
  getMyHomeworkPageList,
  getPeriodicPlanDetail,
  getPeriodicPlanList,
  getReissueDetails,
  getReissueList,
  messages,
  type PlanDetail,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, renderRoute, reply, type FakeInput } from '../../test/render-route';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => sessionStorage.clear());

const plan: PlanDetail = {
  plan_id: 3,
  title: '毎週の音読',
  classes: [{ team_id: 12, name: '3年1組' }],
  student_ids: [],
  weekdays: [1, 3],
  start_time: '2026-04-06T00:00:00.000Z',
  end_time: '2026-05-31T00:00:00.000Z',
  deadline_days: 7,
  required_times: null,
  review_missed: false,
  state: 'running',
  made_count: 1,
  total_count: 16,
  next_distribution_time: '2026-04-08T00:00:00.000Z',
  created_at: '2026-04-01T00:00:00.000Z',
  schedule: [
    { weekday: 1, resources: [{ resource_id: 101, title: 'Hello, Tom!', type: 'sentence_reading', item_count: 5 }] },
    { weekday: 3, resources: [{ resource_id: 102, title: 'My Family', type: 'article_reading', item_count: 1 }] },
  ],
  distributions: [
    {
      date: '2026-04-06',
      start_time: '2026-04-06T00:00:00.000Z',
      end_time: '2026-04-13T00:00:00.000Z',
      status: 'made',
      homework_ids: [1],
    },
    {
      date: '2026-04-08',
      start_time: '2026-04-08T00:00:00.000Z',
      end_time: '2026-04-15T00:00:00.000Z',
      status: 'pending',
      homework_ids: [],
    },
    {
      date: '2026-04-13',
      start_time: '2026-04-13T00:00:00.000Z',
      end_time: '2026-04-20T00:00:00.000Z',
      status: 'skipped',
      homework_ids: [],
    },
  ],
};

describe('periodic plans, reissues and homework edit', { timeout: 300_000 }, () => {
  it('lists plans and searches them by title', async () => {
    const { calls } = renderRoute('/homework/periodic-plan', {
      api: [
        reply(getPeriodicPlanList, (q) => ({ rows: [plan], total: 1, page: Number(q.page), limit: Number(q.limit) })),
      ],
    });
    const row = await screen.findByTestId('plan-row', {}, { timeout: 20_000 });
    expect(row).toHaveTextContent('配信中');
    expect(row).toHaveTextContent('毎週 月・水 09:00');
    expect(row).toHaveTextContent('配信 1/16回');
    expect(row).toHaveTextContent('次回 2026年4月8日(水) 09:00');
    fireEvent.change(screen.getByLabelText('定期宿題のタイトル'), { target: { value: '音読' } });
    fireEvent.keyDown(screen.getByLabelText('定期宿題のタイトル'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === getPeriodicPlanList.path).at(-1)?.input).toMatchObject({
        search_title: '音読',
        limit: '20',
      }),
    );
  });

  it('shows a plan, delays it by whole distributions and deletes it, each after a confirmation', async () => {
    let delayed: FakeInput | null = null;
    let deleted: FakeInput | null = null;
    let askedAfterDelete = 0;
    const { router } = renderRoute('/homework/periodic-plan-detail?plan_id=3', {
      api: [
        // Once deleted the plan is gone (404): the page must not ask for it again.
        reply(getPeriodicPlanDetail, () => {
          if (!deleted) return plan;
          askedAfterDelete++;
          return failure(404, 40400, 'データが見つかりませんでした。');
        }),
        reply(getPeriodicPlanList, () => ({ rows: [], total: 0, page: 1, limit: 20 })),
        reply(delayPeriodicPlan, (b) => {
          delayed = b;
          return plan;
        }),
        reply(deletePeriodicPlan, (b) => {
          deleted = b;
          return null;
        }),
      ],
    });
    expect(await screen.findByText('毎週の音読', {}, { timeout: 20_000 })).toBeInTheDocument();
    const rows = screen.getAllByTestId('distribution-row');
    expect(rows.map((r) => within(r).getAllByText(/./).at(-1)?.textContent)).toEqual([
      '配信済み',
      '配信予定',
      '延期で取りやめ',
    ]);
    fireEvent.change(screen.getByLabelText('延期する回数'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '延期する' }));
    expect(await screen.findByTestId('plan-delay-confirm')).toHaveTextContent('次の2回の配信を取りやめ');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '延期する' }));
    await waitFor(() => expect(delayed).toMatchObject({ plan_id: 3, distributions: 2 }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '削除' }));
    expect(await screen.findByTestId('plan-delete-confirm')).toHaveTextContent(
      'すでに配信した宿題と生徒の提出は残ります',
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(deleted).toMatchObject({ plan_id: 3 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework/periodic-plan'));
    expect(await screen.findByText('定期宿題「毎週の音読」を削除しました。')).toBeInTheDocument();
    expect(askedAfterDelete).toBe(0);
    expect(screen.queryByText('データが見つかりませんでした。')).toBeNull();
  });

  it('edits a plan with the contract rules', async () => {
    let edited: FakeInput | null = null;
    renderRoute('/homework/periodic-plan-edit?plan_id=3', {
      api: [
        reply(getPeriodicPlanDetail, () => ({ ...plan, end_time: '2099-05-31T00:00:00.000Z' })),
        reply(editPeriodicPlan, (b) => {
          edited = b;
          return plan;
        }),
      ],
    });
    const title = await screen.findByLabelText('タイトル', {}, { timeout: 20_000 });
    fireEvent.change(title, { target: { value: '音読*' } });
    fireEvent.click(screen.getByRole('button', { name: '変更を保存' }));
    expect(await screen.findByText(messages.homeworkTitleForbidden)).toBeInTheDocument();
    expect(edited).toBeNull();
    fireEvent.change(title, { target: { value: '毎週の音読（改）' } });
    fireEvent.click(screen.getByRole('button', { name: '変更を保存' }));
    await waitFor(() =>
      expect(edited).toMatchObject({
        plan_id: 3,
        title: '毎週の音読（改）',
        schedule: [
          { weekday: 1, resource_ids: [101] },
          { weekday: 3, resource_ids: [102] },
        ],
        deadline_days: 7,
        review_missed: false,
      }),
    );
  });

  it('lists reissues and shows who a reissue went to', async () => {
    const r = {
      reissue_id: 5,
      homework_id: 3,
      title: '期限切れの音読',
      team: { team_id: 12, name: '3年1組' },
      type: 'routine' as const,
      previous_end_time: '2026-04-15T08:00:00.000Z',
      end_time: '2026-04-22T08:00:00.000Z',
      state: 'open' as const,
      student_count: 2,
      submitted_count: 1,
      created_at: '2026-04-16T00:00:00.000Z',
    };
    const { router } = renderRoute('/homework/reissue-list', {
      api: [
        reply(getReissueList, () => ({ rows: [r], total: 1, page: 1, limit: 20 })),
        reply(getReissueDetails, () => ({
          ...r,
          students: [
            { student_id: 's1', name: '青木 一郎', number: '1', submitted_at: '2026-04-17T01:00:00.000Z' },
            { student_id: 's2', name: '石田 二郎', number: '2', submitted_at: null },
          ],
        })),
      ],
    });
    const row = await screen.findByTestId('reissue-row', {}, { timeout: 20_000 });
    expect(row).toHaveTextContent('締切 2026年4月15日(水) 17:00 → 2026年4月22日(水) 17:00');
    expect(row).toHaveTextContent('提出 1/2人');
    fireEvent.click(within(row).getByRole('link', { name: '期限切れの音読' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework/reissue-details/5'));
    const students = await screen.findAllByTestId('reissue-student', {}, { timeout: 20_000 });
    expect(students[0]).toHaveTextContent('提出済み 2026年4月17日(金) 10:00');
    expect(students[1]).toHaveTextContent('未提出');
  });

  it('changes a homework title and end time on /homework/edit', async () => {
    let changed: FakeInput | null = null;
    const hw = {
      homework_id: 9,
      title: '春の音読',
      team: { team_id: 12, name: '3年1組' },
      type: 'routine' as const,
      origin_type: 'classroom' as const,
      required_times: null,
      has_delay: false,
      state: 'open' as const,
      start_time: '2026-04-08T00:30:00.000Z',
      end_time: '2099-04-15T08:00:00.000Z',
      reissue_end_time: null,
      test_start_time: null,
      plan_id: null,
      topic_count: 1,
      assigned_count: 25,
      submitted_count: 3,
      created_at: '2026-04-07T00:00:00.000Z',
    };
    const { router } = renderRoute('/homework/edit?homework_id=9', {
      api: [
        reply(getHomeworkDetail, () => ({
          ...hw,
          topics: [
            {
              topic_id: 1,
              position: 1,
              resource_id: 101,
              title: 'Hello, Tom!',
              type: 'sentence_reading' as const,
              item_count: 5,
            },
          ],
          word_test: null,
        })),
        reply(changeHomework, (b) => {
          changed = b;
          return hw;
        }),
        reply(getMyClassRows, () => ({ rows: [] })),
        reply(getMyHomeworkPageList, () => ({ rows: [], total: 0, page: 1, limit: 20 })),
      ],
    });
    const title = await screen.findByLabelText('タイトル', {}, { timeout: 20_000 });
    expect(title).toHaveValue('春の音読');
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '変更を保存' }));
    expect(await screen.findByText(messages.homeworkTitleRequired)).toBeInTheDocument();
    fireEvent.change(title, { target: { value: '春の音読 2' } });
    fireEvent.click(screen.getByRole('button', { name: '変更を保存' }));
    await waitFor(() =>
      expect(changed).toMatchObject({ homework_id: 9, title: '春の音読 2', end_time: '2099-04-15T08:00:00.000Z' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-management'));
  });
});
