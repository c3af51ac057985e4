import {
  getStudentHomeworkList,
  getStudentTopicContent,
  learnMessages,
  submitTopic,
  type LearnSubmitReply,
} from '@ondoku/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLearnQueue } from '../queue';
import { choiceContent, grammarCorrect, homeworkRow, sentenceContent } from '../test/fixtures';
import { evaluation, fail, renderLearn, reply, type FakeInput } from '../test/render-learn';
import { learnText } from '../words';

afterEach(() => vi.unstubAllGlobals());

type Answer = { question_id: number; sid?: string; answer?: string };

/** The server's marking, as the fake sees it: sentence items score 70 + index, choices by the fixture. */
function marked(input: FakeInput, content: { items: { index: number; screen_text: string }[] }): LearnSubmitReply {
  const answers = input.answers as Answer[];
  const items = answers.map((a) => {
    if (a.sid) {
      const text = content.items[a.question_id]!.screen_text;
      const e = evaluation(text, 70 + a.question_id, ['soccer']);
      return {
        question_id: a.question_id,
        score: e.total_score,
        correct: null,
        correct_answer: null,
        words: e.words,
        evaluate_html: e.evaluate_html,
      };
    }
    const right = grammarCorrect[a.question_id]!;
    const ok = Number(a.answer) === right;
    return {
      question_id: a.question_id,
      score: ok ? 100 : 0,
      correct: ok,
      correct_answer: right,
      words: null,
      evaluate_html: null,
    };
  });
  const score = items.reduce((s, i) => s + i.score, 0) / items.length;
  return { attempt_id: 1, score, practice_count: 3, best_score: Math.max(score, 72.4), homework_done: false, items };
}

async function passMicCheck() {
  // The practice screen is a lazy chunk (the preview views with antd): the first load takes a while.
  fireEvent.click(await screen.findByRole('button', { name: 'マイクをためす' }, { timeout: 30_000 }));
  fireEvent.click(await screen.findByRole('button', { name: 'このままはじめる' }));
}

const items = () => screen.getAllByTestId('preview-item');

async function read(index: number) {
  const item = items()[index]!;
  fireEvent.click(within(item).getByRole('button', { name: /読む/ }));
  fireEvent.click(await within(item).findByRole('button', { name: '■ おわり' }));
  await waitFor(() => expect(within(items()[index]!).queryByText('てんすうをつけています…')).toBeNull());
}

describe('learn: practising a sentence-reading topic', { timeout: 60_000 }, () => {
  it('mic check, record each item with its score and word colours, try again, submit the last sids, kind result', async () => {
    const content = sentenceContent({ practice_count: 2, best_score: 72.4 });
    const submitted: FakeInput[] = [];
    const { mic, queue } = renderLearn('/homework/11/topic/21', {
      api: [
        reply(getStudentTopicContent, () => content),
        reply(submitTopic, (input) => {
          submitted.push(input);
          return marked(input, content);
        }),
      ],
    });
    expect(
      await screen.findByRole('heading', { name: '5年 自己紹介をしよう' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/しめきり 2026年4月8日\(水\) 17:00/)).toBeInTheDocument();
    // No recording before the microphone check.
    expect(screen.queryByRole('button', { name: /読む/ })).toBeNull();
    await passMicCheck();

    mic.scores.push(90, 55, 88, 77, 93);
    for (let i = 0; i < 4; i++) await read(i);
    expect(mic.recordings.map((r) => r.category)).toEqual(Array(4).fill('read_sentence'));
    expect(mic.recordings[0]!.text).toBe('Hello, my name is Haruto.');
    // The score and the evaluator's coloured words, through the library's preview.
    expect(within(items()[0]!).getByTestId('item-score')).toHaveTextContent('90点');
    expect(items()[2]!.querySelector('.lib-eval .word.bad')?.textContent).toBe('soccer');
    expect(within(items()[1]!).getByTestId('item-score')).toHaveTextContent('55点');

    // Try item 1 again: its new sid is the one submitted.
    await read(1);
    expect(within(items()[1]!).getByTestId('item-score')).toHaveTextContent('93点');
    expect(mic.sids).toEqual(['sid-1', 'sid-2', 'sid-3', 'sid-4', 'sid-5']);
    expect((await queue.recordingsOf('tanaka01|topic:11:21')).map((r) => r.sid)).toEqual([
      'sid-1',
      'sid-5',
      'sid-3',
      'sid-4',
    ]);

    fireEvent.click(screen.getByRole('button', { name: '出す' }));
    const result = await screen.findByTestId('result');
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toEqual({
      homework_id: 11,
      topic_id: 21,
      answers: [
        { question_id: 0, sid: 'sid-1' },
        { question_id: 1, sid: 'sid-5' },
        { question_id: 2, sid: 'sid-3' },
        { question_id: 3, sid: 'sid-4' },
      ],
    });
    expect(within(result).getByTestId('result-score')).toHaveTextContent('72てん');
    expect(result).toHaveTextContent('よくできました');
    expect(result).toHaveTextContent('さいこう 72てん');
    expect(result).toHaveTextContent('れんしゅう 3かい');
    expect(within(result).getByTestId('practise-words')).toHaveTextContent('soccer');
    // Accepted: the queue has let go of the audio.
    expect(await queue.recordingsOf('tanaka01|topic:11:21')).toEqual([]);
  });

  it('refuses to submit before every item is read, and shows the server’s refusal kindly', async () => {
    const content = sentenceContent();
    const { mic } = renderLearn('/homework/11/topic/21', {
      api: [
        reply(getStudentTopicContent, () => content),
        reply(submitTopic, () => fail(400, learnMessages.deadlinePassed)),
      ],
    });
    await passMicCheck();
    await read(0);
    fireEvent.click(screen.getByRole('button', { name: '出す' }));
    expect(await screen.findByText(learnText.notAllAnswered)).toBeInTheDocument();
    for (let i = 1; i < 4; i++) await read(i);
    expect(mic.sids).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: '出す' }));
    expect(await screen.findByText(learnMessages.deadlinePassed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '出す' })).toBeEnabled();
  });

  it('the server is full: 混み合っています is shown at once, while reading, and reading again works', async () => {
    const { mic, queue } = renderLearn('/homework/11/topic/21', {
      api: [reply(getStudentTopicContent, () => sentenceContent())],
    });
    await passMicCheck();
    mic.busy = true;
    fireEvent.click(within(items()[0]!).getByRole('button', { name: /読む/ }));
    // No need to press おわり: the refusal stops the recording and is shown on the item.
    expect(await within(items()[0]!).findByRole('alert')).toHaveTextContent(
      '混み合っています。少し待ってからもう一度録音してください。',
    );
    expect(within(items()[0]!).queryByRole('button', { name: '■ おわり' })).toBeNull();
    expect(await queue.recordingsOf('tanaka01|topic:11:21')).toEqual([]); // nothing kept: read again
    // A little later the server has room: the same button records again and scores.
    mic.busy = false;
    mic.scores.push(88);
    await read(0);
    expect(within(items()[0]!).getByTestId('item-score')).toHaveTextContent('88点');
    expect(within(items()[0]!).queryByRole('alert')).toBeNull();
  });

  it('a refused microphone is explained kindly', async () => {
    const { mic } = renderLearn('/homework/11/topic/21', {
      api: [reply(getStudentTopicContent, () => sentenceContent())],
    });
    mic.denied = true;
    fireEvent.click(await screen.findByRole('button', { name: 'マイクをためす' }, { timeout: 30_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(learnText.micDenied);
  });
});

describe('learn: a choice topic', { timeout: 60_000 }, () => {
  it('answers each question with big buttons, submits the chosen indexes, then marks ○/× with the right answers', async () => {
    const content = choiceContent();
    const submitted: FakeInput[] = [];
    renderLearn('/homework/11/topic/22', {
      api: [
        reply(getStudentTopicContent, () => content),
        reply(submitTopic, (input) => {
          submitted.push(input);
          return marked(input, content);
        }),
      ],
    });
    await screen.findByRole('heading', { name: '4年 can / can’t を使おう' }, { timeout: 30_000 });
    // No microphone for choices.
    expect(screen.queryByTestId('mic-check')).toBeNull();
    const groups = screen.getAllByRole('group', { name: /のこたえ$/ });
    fireEvent.click(within(groups[0]!).getByRole('button', { name: 'A' }));
    fireEvent.click(within(groups[1]!).getByRole('button', { name: 'A' }));
    fireEvent.click(within(groups[2]!).getByRole('button', { name: 'C' }));
    expect(within(groups[2]!).getByRole('button', { name: 'C' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: '出す' }));
    const result = await screen.findByTestId('result');
    expect(submitted[0]!.answers).toEqual([
      { question_id: 0, answer: '0' },
      { question_id: 1, answer: '0' },
      { question_id: 2, answer: '2' },
    ]);
    const marks = within(result)
      .getAllByTestId('answer-mark')
      .map((m) => m.textContent);
    expect(marks).toEqual(['○ 正解', '× 不正解', '○ 正解']);
    expect(within(result).getByTestId('result-score')).toHaveTextContent('67てん');
  });
});

describe('learn: nothing lost on a bad network', { timeout: 60_000 }, () => {
  it('the socket fails: the audio waits in the queue, the submission too; back online both are delivered once', async () => {
    const content = sentenceContent();
    const submitted: FakeInput[] = [];
    const { mic, queue, setOnline } = renderLearn('/homework/11/topic/21', {
      api: [
        reply(getStudentTopicContent, () => content),
        reply(submitTopic, (input) => {
          submitted.push(input);
          return marked(input, content);
        }),
        reply(getStudentHomeworkList, () => ({ rows: [homeworkRow()] })),
      ],
    });
    await passMicCheck();
    await read(0);
    await read(1);
    act(() => setOnline(false));
    await read(2);
    await read(3);
    expect(within(items()[3]!).getByRole('status')).toHaveTextContent(learnText.offlineQueued);
    expect(within(items()[3]!).queryByTestId('item-score')).toBeNull();
    const kept = await queue.recordingsOf('tanaka01|topic:11:21');
    expect(kept.map((r) => [r.questionId, r.sid, r.chunks.length > 0])).toEqual([
      [0, 'sid-1', true],
      [1, 'sid-2', true],
      [2, null, true],
      [3, null, true],
    ]);
    // Only audio is kept, never a score.
    expect(JSON.stringify(kept)).not.toMatch(/score/);

    fireEvent.click(screen.getByRole('button', { name: '出す' }));
    expect(await screen.findByTestId('submit-waiting')).toHaveTextContent(learnText.offlineQueued);
    expect(submitted).toHaveLength(0);
    expect(await queue.submission('tanaka01|topic:11:21')).toMatchObject({ state: 'pending', spoken: [0, 1, 2, 3] });

    act(() => setOnline(true));
    const result = await screen.findByTestId('result');
    expect(result).toHaveTextContent('出せたよ！');
    expect(mic.replays.map((r) => r.text)).toEqual(['I like soccer and music.', 'My birthday is July 7th.']);
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.answers).toEqual([
      { question_id: 0, sid: 'sid-1' },
      { question_id: 1, sid: 'sid-2' },
      { question_id: 2, sid: 'sid-3' },
      { question_id: 3, sid: 'sid-4' },
    ]);
    expect(await queue.recordingsOf('tanaka01|topic:11:21')).toEqual([]);
    expect(await queue.submission('tanaka01|topic:11:21')).toBeNull();
  });

  it('the child leaves while offline and comes back: the waiting submission is sent from the queue', async () => {
    const content = sentenceContent();
    const submitted: FakeInput[] = [];
    const queue = openLearnQueue(new IDBFactory());
    const api = [
      reply(getStudentTopicContent, () => content),
      reply(submitTopic, (input) => {
        submitted.push(input);
        return marked(input, content);
      }),
      reply(getStudentHomeworkList, () => ({ rows: [homeworkRow()] })),
    ];
    const first = renderLearn('/homework/11/topic/21', { api, queue });
    await passMicCheck();
    act(() => first.setOnline(false));
    for (let i = 0; i < 4; i++) await read(i);
    fireEvent.click(screen.getByRole('button', { name: '出す' }));
    await screen.findByTestId('submit-waiting');
    first.unmount();
    vi.unstubAllGlobals();

    // A new page (the network is back): the list says what waits and sends it.
    const second = renderLearn('/', { api, queue });
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect((submitted[0]!.answers as Answer[]).map((a) => a.question_id)).toEqual([0, 1, 2, 3]);
    expect((submitted[0]!.answers as Answer[]).every((a) => a.sid)).toBe(true);
    expect(second.mic.replays).toHaveLength(4);
    await waitFor(async () => expect(await queue.submission('tanaka01|topic:11:21')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('waiting-notice')).toBeNull());
  });
});
