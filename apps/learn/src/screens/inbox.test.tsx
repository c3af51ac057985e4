process.env.TZ = 'Asia/Tokyo';
import {
  getStudentHomeworkList,
  getStudentMessageList,
  readStudentMessages,
  type StudentMessage,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeworkRow } from '../test/fixtures';
import { renderLearn, reply, type FakeInput } from '../test/render-learn';

afterEach(() => vi.unstubAllGlobals());

const note: StudentMessage = {
  message_id: 5,
  kind: 'note',
  title: null,
  body: 'とても上手に読めたね。th の音に気をつけよう。',
  teacher_name: '山田',
  homework: { homework_id: 11, title: '4月のしゅくだい' },
  topic: { topic_id: 21, title: 'Hello!', type: 'sentence_reading' },
  created_at: '2026-04-09T06:30:00.000Z',
  read: false,
};
const reminder: StudentMessage = {
  message_id: 4,
  kind: 'reminder',
  title: null,
  body: '「4月のしゅくだい」のしゅくだいが まだ出ていないよ。',
  teacher_name: '山田',
  homework: { homework_id: 11, title: '4月のしゅくだい' },
  topic: null,
  created_at: '2026-04-08T23:00:00.000Z',
  read: true,
};

const teacherMessage: StudentMessage = {
  message_id: 6,
  kind: 'message',
  title: '音読発表会のお知らせ',
  body: '金曜日に 音読発表会を します。',
  teacher_name: '山田',
  homework: null,
  topic: null,
  created_at: '2026-04-10T00:00:00.000Z',
  read: false,
};

const cheer: StudentMessage = {
  message_id: 6,
  kind: 'encouragement',
  title: null,
  body: 'みんな よくがんばったね！',
  teacher_name: '山田',
  homework: null,
  topic: null,
  created_at: '2026-04-10T06:30:00.000Z',
  read: false,
  motivation_ids: [1, 3],
};

/** A fake inbox: marking read changes what the next list says. */
function inboxApi(rows: StudentMessage[], reads: FakeInput[] = []) {
  const state = rows.map((r) => ({ ...r }));
  return [
    reply(getStudentMessageList, (q) => {
      const limit = Number(q.limit ?? 20);
      return {
        rows: state.slice(0, limit).map((r) => ({ ...r })),
        total: state.length,
        page: 1,
        limit,
        unread: state.filter((r) => !r.read).length,
      };
    }),
    reply(readStudentMessages, (input) => {
      reads.push(input);
      const ids = input.ids as number[];
      let count = 0;
      for (const r of state)
        if (!r.read && ids.includes(r.message_id)) {
          r.read = true;
          count++;
        }
      return { count, unread: state.filter((r) => !r.read).length };
    }),
    reply(getStudentHomeworkList, () => ({ rows: [homeworkRow()] })),
  ];
}

describe('learn: おしらせ', { timeout: 120_000 }, () => {
  it('home: a big おしらせ area with the unread count and the newest message, opening the inbox', async () => {
    renderLearn('/', { api: inboxApi([note, reminder]) });
    const banner = await screen.findByTestId('inbox-banner', {}, { timeout: 20_000 });
    expect(within(banner).getByTestId('inbox-unread')).toHaveTextContent('1');
    expect(banner).toHaveTextContent('あたらしい おしらせが 1けん あるよ！');
    expect(banner).toHaveTextContent('とても上手に読めたね。');
    expect(banner).toHaveAttribute('href', '#/inbox');
    expect(await screen.findByTestId('homework')).toHaveTextContent('4月のしゅくだい');
    fireEvent.click(banner);
    expect(await screen.findByRole('heading', { name: 'おしらせ' })).toBeInTheDocument();
  });

  it('the inbox: a note shows the topic it is about and a way to practise it; shown messages are marked read', async () => {
    const reads: FakeInput[] = [];
    renderLearn('/inbox', { api: inboxApi([note, reminder], reads) });
    const cards = await screen.findAllByTestId('message', {}, { timeout: 20_000 });
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('先生からのコメント');
    expect(cards[0]).toHaveTextContent('あたらしい');
    expect(cards[0]).toHaveTextContent('4月9日(木) 15:30');
    expect(cards[0]).toHaveTextContent('山田先生より');
    expect(within(cards[0]!).getByTestId('message-topic')).toHaveTextContent(
      '「4月のしゅくだい」の 文を読む「Hello!」 について',
    );
    expect(within(cards[0]!).getByRole('link', { name: 'この もんだいを れんしゅうする' })).toHaveAttribute(
      'href',
      '#/homework/11/topic/21',
    );
    expect(cards[1]).toHaveTextContent('しゅくだいのおしらせ');
    expect(cards[1]).not.toHaveTextContent('あたらしい');
    expect(within(cards[1]!).queryByTestId('message-topic')).toBeNull();
    expect(within(cards[1]!).getByRole('link', { name: 'しゅくだいを 見る' })).toHaveAttribute('href', '#/');
    // Only the unread one is marked read, once.
    await waitFor(() => expect(reads).toEqual([{ ids: [5] }]));
    // Back home: nothing new now.
    fireEvent.click(screen.getByRole('link', { name: 'しゅくだい' }));
    const banner = await screen.findByTestId('inbox-banner');
    expect(banner).toHaveTextContent('おしらせ');
    expect(within(banner).queryByTestId('inbox-unread')).toBeNull();
    expect(reads).toHaveLength(1);
  });

  it('no messages: no area on the home screen, a kind line in the inbox', async () => {
    renderLearn('/', { api: inboxApi([]) });
    expect(await screen.findByTestId('homework', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('inbox-banner')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'おしらせ' }));
    expect(await screen.findByTestId('inbox-empty')).toHaveTextContent('おしらせは まだ ありません。');
  });

  it('a message from the teacher shows its title and body, and is marked read once shown', async () => {
    const reads: FakeInput[] = [];
    renderLearn('/inbox', { api: inboxApi([teacherMessage, note], reads) });
    const cards = await screen.findAllByTestId('message', {}, { timeout: 20_000 });
    expect(cards[0]).toHaveTextContent('先生からのメッセージ');
    expect(within(cards[0]!).getByRole('heading', { name: '音読発表会のお知らせ' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('金曜日に 音読発表会を します。');
    expect(within(cards[0]!).queryByRole('link')).toBeNull();
    await waitFor(() => expect(reads).toEqual([{ ids: [6, 5] }]));
  });

  it('an encouragement: the teacher’s stamps and words, on the home screen and in the inbox', async () => {
    renderLearn('/', { api: inboxApi([cheer, note]) });
    const banner = await screen.findByTestId('inbox-banner', {}, { timeout: 20_000 });
    const stamps = within(within(banner).getByTestId('banner-stamps')).getAllByTestId('stamp');
    expect(stamps.map((s) => s.getAttribute('aria-label'))).toEqual(['よくできました', 'はなまる']);
    expect(banner).toHaveTextContent('みんな よくがんばったね！');
    fireEvent.click(banner);
    const cards = await screen.findAllByTestId('message');
    expect(cards[0]).toHaveTextContent('先生からの はげまし');
    expect(within(cards[0]!).getAllByTestId('stamp')).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('みんな よくがんばったね！');
    // Nothing to practise in an encouragement.
    expect(within(cards[0]!).queryByRole('link')).toBeNull();
  });
});
