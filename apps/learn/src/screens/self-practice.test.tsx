import { getPracticeHistory, getSelfPracticeContent, getSelfPracticeList, submitSelfPractice } from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentenceReadingFixture } from '@ondoku/ui/preview/fixtures';
import { asContent } from '../test/fixtures';
import { renderLearn, reply, type FakeInput } from '../test/render-learn';

afterEach(() => vi.unstubAllGlobals());

const row = {
  resource_id: sentenceReadingFixture.resource_id,
  title: sentenceReadingFixture.title,
  type: 'sentence_reading' as const,
  grade: 5,
  origin_type: 'headquarters' as const,
  item_count: 4,
  pack_code: null,
  practice_count: 1,
  best_score: 64,
};

describe('learn: self-practice and history', { timeout: 60_000 }, () => {
  it('lists library material by type and practises one outside homework (submit-self-practice with the sids)', async () => {
    const submitted: FakeInput[] = [];
    const { calls } = renderLearn('/self', {
      api: [
        reply(getSelfPracticeList, () => ({ rows: [row], total: 1, page: 1, limit: 20 })),
        reply(getSelfPracticeContent, () => ({ ...asContent(sentenceReadingFixture), resource_id: row.resource_id })),
        reply(submitSelfPractice, (input) => {
          submitted.push(input);
          return { attempt_id: 5, score: 85, practice_count: 2, best_score: 85, homework_done: null, items: [] };
        }),
      ],
    });
    const item = await screen.findByTestId('self-resource');
    expect(item).toHaveTextContent('さいこう 64てん');
    fireEvent.click(screen.getByRole('button', { name: 'ぶんぽう' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === getSelfPracticeList.path).at(-1)?.input.type).toBe('grammar_choice'),
    );
    fireEvent.click(within(item).getByRole('link', { name: 'れんしゅうする' }));
    fireEvent.click(await screen.findByRole('button', { name: 'マイクをためす' }, { timeout: 30_000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'このままはじめる' }));
    for (let i = 0; i < 4; i++) {
      const card = screen.getAllByTestId('preview-item')[i]!;
      fireEvent.click(within(card).getByRole('button', { name: /読む/ }));
      fireEvent.click(await within(card).findByRole('button', { name: '■ おわり' }));
      await within(card).findByTestId('item-score');
    }
    fireEvent.click(screen.getByRole('button', { name: '出す' }));
    await screen.findByTestId('result');
    expect(submitted[0]).toEqual({
      resource_id: row.resource_id,
      answers: [0, 1, 2, 3].map((q) => ({ question_id: q, sid: `sid-${q + 1}` })),
    });
  });

  it('きろく: the child’s submissions with dates in Japanese, a page at a time', async () => {
    const { calls } = renderLearn('/history', {
      api: [
        reply(getPracticeHistory, (q) => ({
          rows: [
            {
              attempt_id: Number(q.page),
              homework_id: 11,
              homework_title: '4月のしゅくだい',
              topic_id: 21,
              resource_id: 103,
              title: '5年 自己紹介をしよう',
              type: 'sentence_reading' as const,
              score: 81.6,
              created_at: '2026-04-08T06:30:00.000Z',
            },
          ],
          total: 25,
          page: Number(q.page),
          limit: 20,
        })),
      ],
    });
    const first = await screen.findByTestId('history-row');
    expect(first).toHaveTextContent('2026年4月8日(水) 15:30');
    expect(first).toHaveTextContent('しゅくだい「4月のしゅくだい」');
    expect(first).toHaveTextContent('82てん');
    fireEvent.click(screen.getByRole('button', { name: 'つぎ' }));
    await waitFor(() => expect(calls.filter((c) => c.path === getPracticeHistory.path).at(-1)?.input.page).toBe('2'));
  });
});
