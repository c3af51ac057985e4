process.env.TZ = 'Asia/Tokyo';
import {
  messages,
  getAllTopicOverview,
  getCommentary,
  getCommentDraft,
  getTopicScoreOverviewX,
  getTopicScoreOverviewY,
  saveCommentDraft,
  type CallOutput,
  type CommentDraft,
} from '@ondoku/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unsavedKey } from '../../features/results/components/comment-draft';
import { sessionStore } from '../../lib/session';
import { failure, renderRoute, reply, type FakeInput } from '../../test/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

const commentary: CallOutput<typeof getCommentary> = {
  homework_id: 9,
  title: '自己紹介の音読',
  team: { team_id: 3, name: '5年1組' },
  start_time: '2026-04-08T00:00:00.000Z',
  end_time: '2026-04-15T00:00:00.000Z',
  assigned_count: 6,
  submitted_count: 4,
  answered_count: 4,
  hardest_words: [
    { word: 'apples', student_count: 3 },
    { word: 'soccer', student_count: 1 },
  ],
  hardest_items: [
    {
      topic_id: 2,
      position: 2,
      topic_title: '文法の問題',
      question_id: 0,
      screen_text: 'He ___ a student.',
      audio_file: null,
      answer_count: 4,
      average_score: 25,
      correct_rate: 25,
    },
    {
      topic_id: 1,
      position: 1,
      topic_title: '好きなもの',
      question_id: 1,
      screen_text: 'We play soccer.',
      audio_file: '/media/soccer.wav',
      answer_count: 4,
      average_score: 58.3,
      correct_rate: null,
    },
  ],
  wrong_choices: [
    {
      topic_id: 2,
      position: 2,
      topic_title: '文法の問題',
      question_id: 0,
      screen_text: 'He ___ a student.',
      answer_count: 4,
      correct_content: 'is',
      choices: [
        { index: 1, content: 'are', student_count: 2 },
        { index: 2, content: 'am', student_count: 1 },
      ],
    },
  ],
};

const saved = (content: string, at = '2026-04-09T01:00:00.000Z'): CommentDraft => ({
  visible: true,
  content,
  updated_at: at,
});

/** A fake server that keeps the last draft it saved. */
function api(opts: { draft?: CommentDraft; onSave?: (q: FakeInput) => CommentDraft | never }) {
  let current: CommentDraft = opts.draft ?? { visible: true, content: '', updated_at: null };
  return [
    reply(getCommentary, () => commentary),
    reply(getCommentDraft, () => current),
    reply(saveCommentDraft, (q) => {
      const r = opts.onSave ? opts.onSave(q) : saved(String(q.content), new Date().toISOString());
      if (typeof r === 'object' && r !== null && 'content' in r) current = { ...r, visible: q.visible === true };
      return r;
    }),
  ];
}
const sent = (q: FakeInput) => ({ homework_id: q.homework_id, visible: q.visible, content: q.content });

const editor = () => screen.findByRole('textbox', { name: '先生のメモ' }, { timeout: 20_000 });

describe('commentary page', { timeout: 120_000 }, () => {
  it("the class's hardest words, lowest items with the model audio, wrong choices; 印刷 prints", async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoute('/commentary/9', { api: api({ draft: saved('授業で apples を練習する') }) });
    expect(await editor()).toHaveValue('授業で apples を練習する');
    expect(screen.getByRole('heading', { name: '自己紹介の音読' })).toBeInTheDocument();
    expect(screen.getByTestId('answered')).toHaveTextContent('提出 4/6人');
    expect(screen.getByTestId('hard-words')).toHaveTextContent('apples3人soccer1人');
    const items = screen.getAllByTestId('hard-item');
    expect(items[0]).toHaveTextContent('2. 文法の問題問題1He ___ a student.25.0点25.0%');
    expect(within(items[0]!).queryByRole('button', { name: /原文を再生/ })).toBeNull();
    expect(items[1]).toHaveTextContent('We play soccer.58.3点—');
    expect(within(items[1]!).getByRole('button', { name: /原文を再生/ })).toBeInTheDocument();
    expect(screen.getByTestId('wrong-choice')).toHaveTextContent('正解: isare（2人）am（1人）/ 回答 4人');
    expect(screen.getByTestId('save-state')).toHaveTextContent('保存しました（2026年4月9日(木) 10:00）');
    fireEvent.click(screen.getByRole('button', { name: /印刷/ }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: /宿題の結果へ戻る/ })).toHaveAttribute('href', '/homework-details/9');
  });

  it('autosaves about a second after the last change, once for a burst of typing', async () => {
    const saves: FakeInput[] = [];
    renderRoute('/commentary/9', { api: api({ onSave: (q) => (saves.push(q), saved(String(q.content))) }) });
    const box = await editor();
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'ap' } });
    fireEvent.change(box, { target: { value: 'apples を確認' } });
    expect(screen.getByTestId('save-state')).toHaveTextContent('保存中…');
    // Kept locally until the server has it.
    expect(JSON.parse(localStorage.getItem(unsavedKey(9))!)).toMatchObject({ content: 'apples を確認' });
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('保存しました'), {
      timeout: 5000,
    });
    expect(saves.map(sent)).toEqual([{ homework_id: 9, visible: true, content: 'apples を確認' }]);
    expect(localStorage.getItem(unsavedKey(9))).toBeNull();
    // The visibility flag is saved too.
    fireEvent.click(screen.getByRole('switch', { name: 'メモを表示' }));
    await waitFor(() => expect(saves).toHaveLength(2), { timeout: 5000 });
    expect(saves[1]).toMatchObject({ visible: false, content: 'apples を確認' });
    expect(screen.queryByRole('textbox', { name: '先生のメモ' })).toBeNull();
  });

  it('a failed save keeps the text and says so; reopening restores it and saves it', async () => {
    let down = true;
    const saves: FakeInput[] = [];
    const onSave = (q: FakeInput) => {
      saves.push(q);
      if (down) return failure(500, 50000, 'サービス異常。もう一度やり直してください。');
      return saved(String(q.content), '2026-04-09T02:00:00.000Z');
    };
    const first = renderRoute('/commentary/9', { api: api({ draft: saved('前のメモ'), onSave }) });
    const box = await editor();
    fireEvent.change(box, { target: { value: '前のメモ\n選択問題1を解説する' } });
    const alert = await screen.findByTestId('save-error', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('保存できませんでした。入力した内容はこのブラウザに一時保存されています。');
    expect(screen.getByTestId('save-state')).toHaveTextContent('保存できませんでした');
    expect(box).toHaveValue('前のメモ\n選択問題1を解説する');
    expect(JSON.parse(localStorage.getItem(unsavedKey(9))!)).toEqual({
      content: '前のメモ\n選択問題1を解説する',
      visible: true,
      base: '2026-04-09T01:00:00.000Z',
    });

    // The page is closed and opened again: the server still has the old text, the browser the new.
    first.unmount();
    cleanup();
    down = false;
    expect(saves).toHaveLength(1);
    renderRoute('/commentary/9', { api: api({ draft: saved('前のメモ'), onSave }) });
    expect(await editor()).toHaveValue('前のメモ\n選択問題1を解説する');
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('保存しました'), {
      timeout: 5000,
    });
    expect(saves.map(sent)).toEqual([
      { homework_id: 9, visible: true, content: '前のメモ\n選択問題1を解説する' },
      { homework_id: 9, visible: true, content: '前のメモ\n選択問題1を解説する' },
    ]);
    expect(localStorage.getItem(unsavedKey(9))).toBeNull();
  });

  it('a save refused with 401 signs out and keeps the text in this browser', async () => {
    const onSave = () => failure(401, 40100, messages.unauthorized);
    renderRoute('/commentary/9', { api: api({ draft: saved('前のメモ'), onSave }) });
    fireEvent.change(await editor(), { target: { value: '前のメモ\nth の発音' } });
    await waitFor(() => expect(sessionStore.get()).toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(JSON.parse(localStorage.getItem(unsavedKey(9))!)).toMatchObject({ content: '前のメモ\nth の発音' });
  });

  it('再試行 saves again after a failure', async () => {
    let down = true;
    const saves: FakeInput[] = [];
    renderRoute('/commentary/9', {
      api: api({
        onSave: (q) => {
          saves.push(q);
          return down ? failure(503, 50000, 'サービス異常。もう一度やり直してください。') : saved(String(q.content));
        },
      }),
    });
    fireEvent.change(await editor(), { target: { value: 'メモ' } });
    await screen.findByTestId('save-error', {}, { timeout: 5000 });
    down = false;
    fireEvent.click(screen.getByRole('button', { name: '再試行' }));
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('保存しました'), {
      timeout: 5000,
    });
    expect(screen.queryByTestId('save-error')).toBeNull();
    expect(saves.map((s) => s.content)).toEqual(['メモ', 'メモ']);
  });

  it('a newer save from elsewhere wins over a stale local copy', async () => {
    localStorage.setItem(
      unsavedKey(9),
      JSON.stringify({ content: '古い下書き', visible: true, base: '2026-04-01T00:00:00.000Z' }),
    );
    renderRoute('/commentary/9', { api: api({ draft: saved('別の端末で書いたメモ') }) });
    expect(await editor()).toHaveValue('別の端末で書いたメモ');
    expect(localStorage.getItem(unsavedKey(9))).toBeNull();
  });

  it('the homework details page links to it', async () => {
    renderRoute('/homework-details/9', {
      api: [
        reply(getAllTopicOverview, () => ({
          homework_id: 9,
          title: '本部の宿題',
          team: null,
          origin_type: 'headquarters' as const,
          state: 'open' as const,
          start_time: '2026-04-08T00:00:00.000Z',
          end_time: '2026-04-15T00:00:00.000Z',
          assigned_count: 0,
          submitted_count: 0,
          required_times: null,
          done_count: 0,
          average_score: null,
          distribution: Array.from({ length: 10 }, () => 0),
          topics: [],
          unsubmitted: [],
          practicing: [],
        })),
        reply(getTopicScoreOverviewX, () => ({ rows: [] })),
        reply(getTopicScoreOverviewY, () => ({ rows: [], total: 0, page: 1, limit: 5 })),
      ],
    });
    const link = await screen.findByRole('link', { name: /解説用ページ/ }, { timeout: 20_000 });
    expect(link).toHaveAttribute('href', '/commentary/9');
    expect(screen.getByText('本部')).toBeInTheDocument();
  });

  it("another teacher's homework: データが見つかりませんでした。", async () => {
    renderRoute('/commentary/9', {
      api: [reply(getCommentary, () => failure(404, 40400, 'データが見つかりませんでした。'))],
    });
    expect(await screen.findByTestId('not-found', {}, { timeout: 20_000 })).toHaveTextContent(
      'データが見つかりませんでした。',
    );
  });
});
