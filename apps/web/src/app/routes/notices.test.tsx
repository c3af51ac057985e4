process.env.TZ = 'Asia/Tokyo';
import {
  deleteHomeworkNotices,
  getHomeworkNoticePageList,
  getNewNoticeTotal,
  getSystemNoticeContent,
  getSystemNoticePageList,
  readHomeworkNotices,
  readSystemNotices,
  type NoticeRow,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute, reply } from '../../test/render-route';

beforeEach(() => sessionStorage.clear());

const notices: NoticeRow[] = [
  {
    notice_id: 3,
    kind: 'all_submitted',
    homework_id: 9,
    message: '5年1組の「音読の宿題」は全員が提出しました。',
    created_at: '2026-11-20T03:00:00.000Z',
    read: false,
  },
  {
    notice_id: 2,
    kind: 'submitted',
    homework_id: 9,
    message: '山田 花子さんが「音読の宿題」を提出しました。',
    created_at: '2026-11-20T02:00:00.000Z',
    read: false,
  },
  {
    notice_id: 1,
    kind: 'overdue',
    homework_id: 8,
    message: '「単語テスト」の締め切りが過ぎました。未提出は3人です。',
    created_at: '2026-11-19T09:00:00.000Z',
    read: true,
  },
];

describe('homework notices', { timeout: 60_000 }, () => {
  it('shows the unread count on the bell, lists notices, marks the shown ones read and links to the results', async () => {
    let rows = notices;
    const read: unknown[] = [];
    const unread = () => rows.filter((r) => !r.read).length;
    const { router } = renderRoute('/home/message-detail-page', {
      api: [
        reply(getNewNoticeTotal, () => ({
          new_msg_num: unread(),
          homework_msg_num: unread(),
          system_msg_num: 0,
          allow_send_message: true,
        })),
        reply(getHomeworkNoticePageList, () => ({
          rows,
          total: rows.length,
          page: 1,
          limit: 10,
          new_msg_num: unread(),
        })),
        reply(readHomeworkNotices, (b) => {
          read.push(b);
          rows = rows.map((r) => ({ ...r, read: true }));
          return { count: 2 };
        }),
      ],
    });
    const items = await screen.findAllByTestId('notice', {}, { timeout: 20_000 });
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('全員が提出しました'),
      expect.stringContaining('山田 花子さんが「音読の宿題」を提出しました。'),
      expect.stringContaining('未提出は3人です'),
    ]);
    expect(within(items[1]!).getByText('2026年11月20日(金) 11:00')).toBeTruthy();
    await waitFor(() => expect(read).toEqual([expect.objectContaining({ ids: [3, 2] })]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'お知らせ' })).toBeTruthy());
    fireEvent.click(within(items[2]!).getByRole('button', { name: '結果を見る' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/homework-details/8'));
  });

  it('deletes the chosen notices after a confirmation, and says when there are none', async () => {
    let rows = notices.map((n) => ({ ...n, read: true }));
    const deleted: unknown[] = [];
    renderRoute('/home/message-detail-page', {
      api: [
        reply(getHomeworkNoticePageList, () => ({ rows, total: rows.length, page: 1, limit: 10, new_msg_num: 0 })),
        reply(deleteHomeworkNotices, (b) => {
          deleted.push(b);
          rows = [];
          return { count: 3 };
        }),
      ],
    });
    for (const n of notices)
      fireEvent.click(await screen.findByRole('checkbox', { name: `${n.message}を選択` }, { timeout: 20_000 }));
    fireEvent.click(screen.getByRole('button', { name: /選択したお知らせを削除（3件）/ }));
    fireEvent.click(await screen.findByRole('button', { name: '削除' }));
    await waitFor(() => expect(deleted).toEqual([expect.objectContaining({ ids: [3, 2, 1] })]));
    expect(await screen.findByText(/お知らせはまだありません/)).toBeTruthy();
  });

  it('marks every notice read at once, and filters by kind', async () => {
    let rows = notices.map((n) => ({ ...n, read: n.kind === 'overdue' }));
    const read: unknown[] = [];
    const asked: unknown[] = [];
    renderRoute('/home/message-detail-page', {
      api: [
        reply(getHomeworkNoticePageList, (q) => {
          asked.push(q);
          const shown = q.kind ? rows.filter((r) => r.kind === q.kind) : rows;
          return { rows: shown, total: shown.length, page: 1, limit: 10, new_msg_num: 639 };
        }),
        reply(readHomeworkNotices, (b) => {
          read.push(b);
          rows = rows.map((r) => ({ ...r, read: true }));
          return { count: 639 };
        }),
      ],
    });
    await screen.findAllByTestId('notice', {}, { timeout: 20_000 });
    const readAll = screen.getByRole('button', { name: /すべて既読にする/ });
    await waitFor(() => expect(readAll.hasAttribute('disabled')).toBe(false));
    fireEvent.click(readAll);
    // Without ids: every notice of the teacher, not only those on screen.
    await waitFor(() => expect(read.some((b) => !('ids' in (b as object)))).toBe(true));
    fireEvent.change(screen.getByRole('combobox', { name: '種類' }), { target: { value: 'overdue' } });
    await waitFor(() => expect(asked).toContainEqual(expect.objectContaining({ kind: 'overdue' })));
    await waitFor(() => expect(screen.getAllByTestId('notice')).toHaveLength(1));
  });

  it('lists the operator’s notices with unread marks and opens one, which reads it', async () => {
    let read = false;
    const readAll: unknown[] = [];
    renderRoute('/home/message-detail-page?tab=system', {
      api: [
        reply(getNewNoticeTotal, () => ({
          new_msg_num: read ? 0 : 1,
          homework_msg_num: 0,
          system_msg_num: read ? 0 : 1,
          allow_send_message: true,
        })),
        reply(getSystemNoticePageList, () => ({
          rows: [{ notice_id: 5, title: 'メンテナンスのお知らせ', read, publish_time: '2026-11-20T00:00:00.000Z' }],
          total: 1,
          page: 1,
          limit: 10,
          new_msg_num: read ? 0 : 1,
        })),
        reply(getSystemNoticeContent, () => {
          read = true;
          return {
            notice_id: 5,
            title: 'メンテナンスのお知らせ',
            read: true,
            publish_time: '2026-11-20T00:00:00.000Z',
            publish_until: null,
            content: '12月1日 2:00〜4:00 はご利用いただけません。',
          };
        }),
        reply(readSystemNotices, (b) => {
          readAll.push(b);
          return { count: 0 };
        }),
      ],
    });
    const item = await screen.findByTestId('system-notice', {}, { timeout: 20_000 });
    expect(item.textContent).toContain('●');
    fireEvent.click(item);
    expect((await screen.findByTestId('system-notice-content')).textContent).toContain('ご利用いただけません');
    await waitFor(() => expect(screen.getByTestId('system-notice').textContent).not.toContain('●'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'お知らせ' })).toBeTruthy());
  });

  it('links an account application notice to the applications', async () => {
    const application: NoticeRow = {
      notice_id: 4,
      kind: 'application',
      homework_id: null,
      message: 'アカウント申請（新規の生徒アカウント）が完了しました。生徒アカウント3人を作成しました。',
      created_at: '2026-11-21T03:00:00.000Z',
      read: true,
    };
    const { router } = renderRoute('/home/message-detail-page', {
      api: [
        reply(getHomeworkNoticePageList, () => ({ rows: [application], total: 1, page: 1, limit: 10, new_msg_num: 0 })),
      ],
    });
    const item = await screen.findByTestId('notice', {}, { timeout: 20_000 });
    expect(within(item).queryByRole('button', { name: '結果を見る' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: '申請を見る' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-application'));
  });
});
