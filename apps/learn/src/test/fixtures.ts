import type { LearnContent, LearnHomeworkRow, ResourceDetail } from '@ondoku/contract';
import { grammarChoiceFixture, sentenceReadingFixture } from '@ondoku/ui/preview/fixtures';

/** A library fixture as the child's practice content: categories per item, choices without `correct`. */
export function asContent(d: ResourceDetail, progress: Partial<LearnContent> = {}): LearnContent {
  const category =
    d.type === 'word_study' || d.type === 'word_reading'
      ? 'read_word'
      : d.type === 'article_reading'
        ? 'read_chapter'
        : d.type === 'sentence_reading' || d.type === 'dialog'
          ? 'read_sentence'
          : null;
  return {
    title: d.title,
    type: d.type,
    full_text: d.full_text,
    items: d.items.map(({ answers, script: _s, note_homework: _n, ...i }) => ({
      ...i,
      answers: answers?.map(({ correct: _c, ...a }) => a),
      category,
    })),
    practice_count: 0,
    best_score: null,
    ...progress,
  };
}

export const sentenceContent = (progress: Partial<LearnContent> = {}) => ({
  ...asContent(sentenceReadingFixture, progress),
  homework_id: 11,
  topic_id: 21,
  required_times: null,
  end_time: '2026-04-08T08:00:00.000Z',
});

export const choiceContent = () => ({
  ...asContent(grammarChoiceFixture),
  homework_id: 11,
  topic_id: 22,
  required_times: null,
  end_time: '2026-04-08T08:00:00.000Z',
});

/** The right choice of each grammar item of the fixture. */
export const grammarCorrect = grammarChoiceFixture.items.map((i) => i.answers!.find((a) => a.correct)!.index);

export function homeworkRow(patch: Partial<LearnHomeworkRow> = {}): LearnHomeworkRow {
  return {
    homework_id: 11,
    title: '4月のしゅくだい',
    homework_type: 'routine',
    start_time: '2026-04-01T00:00:00.000Z',
    end_time: '2026-04-08T08:00:00.000Z',
    state: 'open',
    required_times: null,
    reissued: false,
    topics: [
      {
        topic_id: 21,
        title: sentenceReadingFixture.title,
        type: 'sentence_reading',
        resource_id: sentenceReadingFixture.resource_id,
        item_count: sentenceReadingFixture.items.length,
        practice_count: 2,
        best_score: 72.4,
      },
      {
        topic_id: 22,
        title: grammarChoiceFixture.title,
        type: 'grammar_choice',
        resource_id: grammarChoiceFixture.resource_id,
        item_count: grammarChoiceFixture.items.length,
        practice_count: 0,
        best_score: null,
      },
    ],
    ...patch,
  };
}
