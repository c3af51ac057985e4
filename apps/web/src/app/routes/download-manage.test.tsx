process.env.TZ = 'Asia/Tokyo';
import {
  deleteDownloadTasks,
  getDownloadTaskPageList,
  retryDownloadTask,
  type DownloadTaskRow,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeFailure, renderRoute, reply } from '../../test/render-route';

beforeEach(() => sessionStorage.clear());

const base = {
  kind: 'topic-student-score',
  error: null,
  file_name: null,
  size_bytes: null,
  finished_at: null,
  created_at: '2026-11-20T01:00:00.000Z',
  expires_at: '2026-11-27T01:00:00.000Z',
} as const;
const processing: DownloadTaskRow = {
  ...base,
  task_id: 1,
  title: '生徒別の得点：5年1組 音読',
  status: 'processing',
  progress: 40,
};
const finished: DownloadTaskRow = {
  ...base,
  task_id: 2,
  title: '課題別の集計：5年1組 音読',
  kind: 'topic-score-overview',
  status: 'finished',
  progress: 100,
  file_name: '課題別の集計_5年1組_音読_20261120.xlsx',
  size_bytes: 5300,
  finished_at: '2026-11-20T01:00:05.000Z',
};
const failed: DownloadTaskRow = {
  ...base,
  task_id: 3,
  title: '生徒別の得点：6年2組 単語',
  status: 'failed',
  progress: 10,
  error: 'ファイルを作成できませんでした。再試行してください。',
};

describe('/download-manage', { timeout: 60_000 }, () => {
  it('shows each task by its state, refreshes while one is being made, and retries a failed one', async () => {
    let rows = [processing, finished, failed];
    const retried: unknown[] = [];
    const { calls } = renderRoute('/download-manage', {
      api: [
        reply(getDownloadTaskPageList, () => ({
          rows,
          total: rows.length,
          page: 1,
          limit: 10,
          processing: rows.filter((r) => r.status === 'processing').length,
        })),
        reply(retryDownloadTask, (b) => {
          retried.push(b);
          rows = rows.map((r) => (r.task_id === 3 ? { ...r, status: 'processing', progress: 0, error: null } : r));
          return { task: rows[2]! };
        }),
      ],
    });
    const items = await screen.findAllByTestId('download-task', {}, { timeout: 20_000 });
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('作成中')).toBeTruthy();
    expect(within(items[0]!).getByRole('progressbar')).toBeTruthy();
    expect(within(items[1]!).getByText('完了')).toBeTruthy();
    expect(within(items[1]!).getByText(/課題別の集計_5年1組_音読_20261120\.xlsx（5 KB）/)).toBeTruthy();
    expect(within(items[1]!).getByText(/2026年11月27日\(金\) 10:00まで/)).toBeTruthy();
    expect(within(items[1]!).getByRole('button', { name: /ダウンロード/ })).toBeTruthy();
    expect(within(items[2]!).getByText('失敗')).toBeTruthy();
    expect(within(items[2]!).getByText(failed.error!)).toBeTruthy();

    // While a task is being made, the list asks again by itself.
    await waitFor(
      () => expect(calls.filter((c) => c.path === getDownloadTaskPageList.path).length).toBeGreaterThan(1),
      {
        timeout: 5000,
      },
    );

    fireEvent.click(within(items[2]!).getByRole('button', { name: /再試行/ }));
    await waitFor(() => expect(retried).toEqual([expect.objectContaining({ task_id: 3 })]));
  });

  it('deletes the chosen files after a confirmation', async () => {
    let rows = [finished, failed];
    const deleted: unknown[] = [];
    renderRoute('/download-manage', {
      api: [
        reply(getDownloadTaskPageList, () => ({ rows, total: rows.length, page: 1, limit: 10, processing: 0 })),
        reply(deleteDownloadTasks, (b) => {
          deleted.push(b);
          rows = rows.filter((r) => !(b.task_ids as number[]).includes(r.task_id));
          return { count: (b.task_ids as number[]).length };
        }),
      ],
    });
    await screen.findAllByTestId('download-task', {}, { timeout: 20_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: `${finished.title}を選択` }));
    fireEvent.click(screen.getByRole('checkbox', { name: `${failed.title}を選択` }));
    fireEvent.click(screen.getByRole('button', { name: /選択したファイルを削除（2件）/ }));
    expect((await screen.findAllByText('2件のファイルを削除しますか？')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '削除' }));
    await waitFor(() => expect(deleted).toEqual([expect.objectContaining({ task_ids: [2, 3] })]));
    expect(await screen.findByText(/まだファイルはありません/)).toBeTruthy();
  });

  it('says so when the list cannot be loaded, never an empty list', async () => {
    renderRoute('/download-manage', {
      api: [
        reply(getDownloadTaskPageList, () => {
          throw new FakeFailure(500, 50000, 'サーバーエラー');
        }),
      ],
    });
    expect(await screen.findByRole('button', { name: /再読み込み/ }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByText(/まだファイルはありません/)).toBeNull();
  });
});
