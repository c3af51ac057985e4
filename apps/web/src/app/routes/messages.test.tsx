process.env.TZ = 'Asia/Tokyo';
import {
  deleteMessages,
  getMessageDetails,
  getNewNoticeTotal,
  getOutboxMessageList,
  getStudentBranchRows,
  messageMessages,
  messages,
  sendNewMessage,
  type OutboxRow,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute, reply } from '../../test/render-route';

beforeEach(() => sessionStorage.clear());

const sent: OutboxRow = {
  id: 3,
  title: '音読発表会のお知らせ',
  classes: [{ team_id: 1, name: '5年1組' }],
  chosen_student_count: 1,
  recipient_count: 31,
  read_count: 12,
  send_time: '2026-11-20T00:00:00.000Z',
  sent: true,
};
const scheduled: OutboxRow = { ...sent, id: 4, title: '来週の連絡', read_count: 0, sent: false };

const tree = () => ({
  rows: [
    {
      team_id: 1,
      name: '5年1組',
      hidden: false,
      students: [
        { student_id: 'a001', name: '青木 あおい', number: '1' },
        { student_id: 'a002', name: '井上 いつき', number: '2' },
      ],
    },
    { team_id: 2, name: '5年2組', hidden: false, students: [{ student_id: 'b001', name: '上田 うた', number: '1' }] },
  ],
});

describe('messages', { timeout: 60_000 }, () => {
  it('the outbox: who each went to, how many read it, a scheduled one waiting; deletes many after a confirmation', async () => {
    let rows = [scheduled, sent];
    const deleted: unknown[] = [];
    renderRoute('/message', {
      api: [
        reply(getOutboxMessageList, (q) => {
          expect(Number(q.limit)).toBe(12);
          return { rows, total: rows.length, page: 1, limit: 12 };
        }),
        reply(deleteMessages, (b) => {
          deleted.push(b);
          rows = [];
          return { count: 2 };
        }),
      ],
    });
    const items = await screen.findAllByTestId('outbox-row', {}, { timeout: 20_000 });
    expect(items[1]).toHaveTextContent('宛先：5年1組 ほか児童1人（31人）');
    expect(within(items[1]!).getByTestId('read-count')).toHaveTextContent('既読 12 / 31人');
    expect(items[0]).toHaveTextContent('送信予定');
    expect(screen.getByRole('link', { name: /メッセージを書く/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'このページをすべて選択' }));
    fireEvent.click(screen.getByRole('button', { name: /選択したメッセージを削除（2件）/ }));
    fireEvent.click(await screen.findByRole('button', { name: '削除' }));
    await waitFor(() => expect(deleted).toEqual([expect.objectContaining({ ids: [4, 3] })]));
    expect(await screen.findByText(/送ったメッセージはまだありません/)).toBeInTheDocument();
  });

  it('says why writing is off when the server does not allow it', async () => {
    renderRoute('/message/send', {
      api: [
        reply(getNewNoticeTotal, () => ({
          new_msg_num: 0,
          homework_msg_num: 0,
          system_msg_num: 0,
          allow_send_message: false,
        })),
      ],
    });
    expect(
      await screen.findByText(
        'このアカウントでは児童へのメッセージ送信が許可されていません。',
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '送信する' })).toBeNull();
  });

  it('writes to a class and a child found by search, after the contract’s checks', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { router } = renderRoute('/message/send', {
      api: [
        reply(getStudentBranchRows, tree),
        reply(sendNewMessage, (b) => {
          bodies.push(b);
          return { id: 9, recipient_count: 3 };
        }),
        reply(getOutboxMessageList, () => ({ rows: [], total: 0, page: 1, limit: 12 })),
      ],
    });
    const send = await screen.findByRole('button', { name: '送信する' }, { timeout: 20_000 });
    fireEvent.click(send);
    expect(await screen.findByText(messageMessages.recipientsRequired)).toBeInTheDocument();
    expect(screen.getByText(messageMessages.titleRequired)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('checkbox', { name: /5年1組/ }));
    fireEvent.change(screen.getByRole('searchbox', { name: '児童を検索' }), { target: { value: '上田' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: /上田 うた/ }));
    expect(screen.getByTestId('chosen-students')).toHaveTextContent('選んだ児童 1人');
    fireEvent.change(screen.getByRole('textbox', { name: 'タイトル' }), { target: { value: '発表会' } });
    fireEvent.change(screen.getByRole('textbox', { name: '本文' }), { target: { value: 'がんばろう😀' } });
    fireEvent.click(send);
    expect(await screen.findByText(messages.emojiNotAllowed)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: '本文' }), { target: { value: '金曜日に発表会をします。' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(bodies).toEqual([
        expect.objectContaining({
          title: '発表会',
          content: '金曜日に発表会をします。',
          team_ids: [1],
          student_ids: ['b001'],
          send_time: null,
        }),
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/message'));
  });

  it('one message: its readers and those who have not read it', async () => {
    renderRoute('/message/info/3', {
      api: [
        reply(getMessageDetails, () => ({
          ...sent,
          recipient_count: 2,
          read_count: 1,
          content: '金曜日に発表会をします。',
          readers: [
            { student_id: 'a001', name: '青木 あおい', class_name: '5年1組', read_at: '2026-11-20T01:00:00.000Z' },
          ],
          non_readers: [{ student_id: 'a002', name: '井上 いつき', class_name: '5年1組', read_at: null }],
        })),
      ],
    });
    expect(await screen.findByTestId('readers', {}, { timeout: 20_000 })).toHaveTextContent('青木 あおい');
    expect(screen.getByTestId('readers')).toHaveTextContent('2026年11月20日(金) 10:00');
    expect(screen.getByTestId('non-readers')).toHaveTextContent('まだ読んでいない児童（1人）井上 いつき');
    expect(screen.getByTestId('read-summary')).toHaveTextContent('既読 1 / 2人');
  });
});
