import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  articleReadingFixture,
  dialogFixture,
  grammarChoiceFixture,
  listeningFixture,
  previewFixtures,
  readingComprehensionFixture,
  sentenceReadingFixture,
  wordReadingFixture,
  wordStudyFixture,
} from './fixtures';
import { PreviewView, previewViews } from './preview-view';
import { matchAnswers, scoreBand } from './results';
import { sanitizeEvaluateHtml } from './sanitize';
import { created, fireCanPlay, isPlaying, stubMedia } from './test-media';

// Rendering antd views in jsdom takes seconds on a busy machine (2 cores shared by many).
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  stubMedia();
});
afterEach(() => {
  cleanup(); // unmount while the media stand-in is still there
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const items = () => screen.getAllByTestId('preview-item');

describe('matchAnswers', () => {
  it('matches answers to items by question_id = index, dropping strangers', () => {
    const m = matchAnswers(sentenceReadingFixture, [
      { question_id: 2, score: 70 },
      { question_id: 0, score: 90 },
      { question_id: 9, score: 10 },
    ]);
    expect([...m.keys()].sort()).toEqual([0, 2]);
    expect(m.get(0)?.score).toBe(90);
    expect(m.get(2)?.score).toBe(70);
  });

  it('an article is one item: its answer is question_id 0', () => {
    const m = matchAnswers(articleReadingFixture, [
      { question_id: 1, score: 50 },
      { question_id: 0, score: 88 },
    ]);
    expect([...m.entries()]).toEqual([[0, { question_id: 0, score: 88 }]]);
  });

  it('no answers, no matches', () => {
    expect(matchAnswers(wordStudyFixture, undefined).size).toBe(0);
  });
});

describe('scoreBand (docs/library-web.md: the score colours)', () => {
  it('80 and above good, 60 and above medium, below bad', () => {
    expect([100, 80, 79.9, 60, 59, 0].map(scoreBand)).toEqual(['good', 'good', 'medium', 'medium', 'bad', 'bad']);
  });
});

describe('DOMPurify on evaluate_html', () => {
  it('removes scripts and event handlers, keeps the word spans', () => {
    const dirty =
      '<span class="word good" data-score="92">Hello</span><script>alert(1)</script>' +
      '<img src=x onerror="alert(2)"><span onclick="x()" class="word bad">world</span>';
    const clean = sanitizeEvaluateHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|<img/);
    expect(clean).toContain('<span class="word good" data-score="92">Hello</span>');
    expect(clean).toContain('world');
  });

  it('a view shows sanitised markup instead of the screen text', () => {
    const { container } = render(
      <PreviewView
        detail={sentenceReadingFixture}
        answers={[
          {
            question_id: 1,
            score: 64,
            evaluate_html:
              'I am <span class="word bad" data-score="40">from</span> Osaka.<img src=x onerror="window.hacked=1">',
          },
        ]}
      />,
    );
    expect(container.querySelector('img[onerror]')).toBeNull();
    expect(container.querySelector('.lib-eval .word.bad')?.textContent).toBe('from');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});

describe('one view per exercise type', () => {
  it('each type has its own component', () => {
    expect(new Set(Object.values(previewViews)).size).toBe(8);
    for (const f of previewFixtures) {
      const { unmount } = render(<PreviewView detail={f} />);
      expect(screen.getByTestId(`preview-${f.type}`)).toBeInTheDocument();
      unmount();
    }
  });
});

describe('sentence reading', () => {
  it('shows text, picture, translation, note, play buttons, 得点 and 平均点 from results', () => {
    render(
      <PreviewView
        detail={sentenceReadingFixture}
        answers={[{ question_id: 0, score: 85, sound_file: '/rec/0.wav' }]}
        averages={[{ score: 72.4 }, null, { score: 55 }]}
      />,
    );
    const [first, second, third] = items();
    expect(within(first!).getByText('Hello, my name is Haruto.')).toBeInTheDocument();
    expect(within(first!).getByText('こんにちは、ぼくの名前はハルトです。')).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: 'Hello, my name is Haruto.' })).toHaveAttribute(
      'src',
      sentenceReadingFixture.items[0]!.screen_pic,
    );
    expect(within(first!).getByText(/名前の前で少し間をあける/)).toBeInTheDocument();
    expect(within(first!).getByTestId('item-score')).toHaveTextContent('得点 85点');
    expect(within(first!).getByTestId('item-average')).toHaveTextContent('平均点 72点');
    expect(within(first!).getByRole('button', { name: /原文を再生/ })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: /録音を再生/ })).toBeInTheDocument();
    // No result: no score, no recording button; no average for item 1.
    expect(within(second!).queryByTestId('item-score')).toBeNull();
    expect(within(second!).queryByRole('button', { name: /録音を再生/ })).toBeNull();
    expect(within(second!).queryByTestId('item-average')).toBeNull();
    expect(within(third!).getByTestId('item-average')).toHaveTextContent('平均点 55点');
  });

  it('puts the caller’s per-item actions in each item', () => {
    render(
      <PreviewView detail={sentenceReadingFixture} renderItemActions={(item) => <button>録音 {item.index}</button>} />,
    );
    expect(within(items()[3]!).getByRole('button', { name: '録音 3' })).toBeInTheDocument();
  });

  it('hides teacher notes and translations when asked (practice screens)', () => {
    render(<PreviewView detail={sentenceReadingFixture} showNotes={false} showTranslations={false} />);
    expect(screen.queryByText(/名前の前で少し間をあける/)).toBeNull();
    expect(screen.queryByText('ぼくは大阪の出身です。')).toBeNull();
  });
});

describe('word study and word reading', () => {
  it('word study shows IPA, meaning, picture and the example', () => {
    render(<PreviewView detail={wordStudyFixture} />);
    const first = items()[0]!;
    expect(within(first).getByText('apple')).toBeInTheDocument();
    expect(within(first).getByText('/ˈæpəl/')).toBeInTheDocument();
    expect(within(first).getByText('りんご')).toBeInTheDocument();
    expect(within(first).getByText('I eat an apple every morning.')).toBeInTheDocument();
    expect(within(first).getByText('わたしは毎朝りんごを食べます。')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'apple' })).toHaveAttribute(
      'src',
      wordStudyFixture.items[0]!.screen_pic,
    );
  });

  it('word reading shows each word with its IPA and meaning', () => {
    render(<PreviewView detail={wordReadingFixture} answers={[{ question_id: 3, score: 58 }]} />);
    expect(items()).toHaveLength(4);
    expect(within(items()[3]!).getByText('/ˈpoʊst ˌɔːfɪs/')).toBeInTheDocument();
    expect(within(items()[3]!).getByText('郵便局')).toBeInTheDocument();
    expect(within(items()[3]!).getByTestId('item-score')).toHaveTextContent('58点');
  });
});

describe('dialog', () => {
  it('shows the roles and the partner’s turns (wait_items) before the child’s turns, in order', () => {
    const { container } = render(<PreviewView detail={dialogFixture} />);
    const turns = [...container.querySelectorAll('[data-testid^="dialog-"]')].map((el) => [
      el.getAttribute('data-testid'),
      el.querySelector('[lang="en"], .lib-sentence-text')?.textContent,
    ]);
    expect(turns).toEqual([
      ['dialog-partner-turn', 'Hello. What would you like?'],
      ['dialog-child-turn', 'Hello. I’d like a hamburger, please.'],
      ['dialog-partner-turn', 'Sure. Anything to drink?'],
      ['dialog-child-turn', 'Orange juice, please.'],
      ['dialog-partner-turn', 'OK. That’s 600 yen.'],
      ['dialog-partner-turn', 'Please wait a moment.'],
      ['dialog-child-turn', 'Here you are. Thank you!'],
    ]);
    expect(screen.getByText('Customer（生徒が読む）')).toBeInTheDocument();
    expect(screen.getAllByText('Clerk').length).toBeGreaterThan(0);
    // The child's turns are highlighted (their own style) and carry the play buttons.
    const studentTurn = screen.getAllByTestId('dialog-child-turn')[0]!;
    expect(studentTurn).toHaveClass('child');
    expect(within(studentTurn).getByRole('button', { name: /原文を再生/ })).toBeInTheDocument();
    expect(
      within(screen.getAllByTestId('dialog-partner-turn')[0]!).getByRole('button', { name: /聞く/ }),
    ).toBeInTheDocument();
  });
});

describe('choice questions', () => {
  it('grammar: the blank, the choices, the correct one marked, the child’s wrong answer', () => {
    render(<PreviewView detail={grammarChoiceFixture} answers={[{ question_id: 1, answer_result: 0, score: 0 }]} />);
    const [first, second] = items();
    expect(within(first!).getByLabelText('空欄')).toBeInTheDocument();
    const choices = within(first!).getAllByTestId('choice');
    expect(choices.map((c) => c.querySelector('[lang="en"]')?.textContent)).toEqual(['can', 'cans', 'is']);
    expect(choices[0]).toHaveAttribute('data-correct', 'true');
    expect(within(choices[0]!).getByText('正解')).toBeInTheDocument();
    expect(within(first!).queryByText('生徒の解答')).toBeNull();
    // Item 1: the child chose "Do" (wrong); "Can" is correct.
    const second2 = within(second!).getAllByTestId('choice');
    expect(within(second2[0]!).getByText('生徒の解答')).toBeInTheDocument();
    expect(second2[0]).toHaveClass('wrong');
    expect(within(second2[1]!).getByText('正解')).toBeInTheDocument();
    expect(within(second!).getByTestId('answer-mark')).toHaveTextContent('× 不正解');
  });

  it('listening: picture choices with their alt text, the question, the script folded away', () => {
    render(<PreviewView detail={listeningFixture} answers={[{ question_id: 0, answer_result: 1, score: 100 }]} />);
    const first = items()[0]!;
    expect(within(first).getByText('What animal does Yui like?')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'パンダ' })).toHaveAttribute(
      'src',
      listeningFixture.items[0]!.answers![1]!.content,
    );
    expect(within(first).getByTestId('answer-mark')).toHaveTextContent('○ 正解');
    expect(within(first).getByText('スクリプト（流れる英文）')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: /原文を再生/ })).toBeInTheDocument();
    expect(within(items()[1]!).getByText('They are strong.')).toBeInTheDocument();
  });

  it('reading comprehension: the passage with translations, then the questions', () => {
    render(<PreviewView detail={readingComprehensionFixture} />);
    expect(screen.getByText('They had a picnic under a big cherry tree.')).toBeInTheDocument();
    expect(screen.getByText('大きな桜の木の下でピクニックをしました。')).toBeInTheDocument();
    expect(within(items()[1]!).getByRole('img', { name: 'ボール' })).toBeInTheDocument();
    expect(within(items()[1]!).getAllByTestId('choice')[0]).toHaveAttribute('data-correct', 'true');
    expect(screen.getByRole('group', { name: '本文の音声' })).toBeInTheDocument();
  });
});

describe('article reading', () => {
  it('no score bar without a total score; the full text sentence by sentence', () => {
    render(<PreviewView detail={articleReadingFixture} />);
    expect(screen.queryByTestId('score-bar')).toBeNull();
    expect(screen.getAllByTestId('article-sentence')).toHaveLength(7);
    expect(screen.getByText('人々はゆかたを着て、夜に花火を見ます。')).toBeInTheDocument();
  });

  it('the score bar and legend with the spec’s keys, coloured by band', () => {
    render(
      <PreviewView
        detail={articleReadingFixture}
        answers={[{ question_id: 0, score: 76, evaluate_html: '<span class="word good">Summer</span> vacation' }]}
        averages={[{ score: 68 }]}
        scores={{
          total_score: 76,
          accuracy_score: 82,
          fluency_score: 64,
          integrity_score: 55,
          learn_count: 3,
          best_score: 81,
        }}
      />,
    );
    const bar = screen.getByTestId('score-bar');
    expect(within(bar).getByText('76点')).toBeInTheDocument();
    expect(within(bar).getByLabelText('発音 82点')).toBeInTheDocument();
    expect(within(bar).getByLabelText('流暢さ 64点')).toBeInTheDocument();
    expect(within(bar).getByLabelText('完成度 55点')).toBeInTheDocument();
    expect(within(bar).getByText('練習回数 3回')).toBeInTheDocument();
    expect(within(bar).getByText('最高点 81点')).toBeInTheDocument();
    expect(within(bar).getByRole('list', { name: '色の見方' })).toHaveTextContent('80点以上60〜79点60点未満');
    // The child's markup replaces the sentences; 得点 and 平均点 of the article.
    expect(screen.queryAllByTestId('article-sentence')).toHaveLength(0);
    expect(document.querySelector('.lib-eval .word.good')?.textContent).toBe('Summer');
    expect(screen.getByTestId('item-score')).toHaveTextContent('76点');
    expect(screen.getByTestId('item-average')).toHaveTextContent('平均点 68点');
  });

  it('the audio control is disabled until the audio can play; a sentence plays alone; stop resets', async () => {
    render(<PreviewView detail={articleReadingFixture} />);
    const control = screen.getByRole('group', { name: '原文の音声' });
    const playBtn = within(control).getByRole('button', { name: '再生' });
    expect(playBtn).toBeDisabled();
    expect(screen.getByRole('button', { name: '3文目を再生' })).toBeDisabled();
    act(() => fireCanPlay());
    expect(playBtn).toBeEnabled();

    // Sentence 3 plays from its start and stops at its end.
    const s3 = articleReadingFixture.full_text!.sentences[2]!;
    const el = created.find((a) => a.src.endsWith('article-summer.wav'))!;
    fireEvent.click(screen.getByRole('button', { name: '3文目を再生' }));
    expect(el.currentTime).toBeCloseTo(s3.start_ms / 1000);
    expect(isPlaying(el)).toBe(true);
    expect(await screen.findByRole('button', { name: '3文目を停止' })).toBeInTheDocument();
    act(() => {
      el.currentTime = s3.end_ms / 1000 + 0.05;
      el.dispatchEvent(new Event('timeupdate'));
    });
    expect(isPlaying(el)).toBe(false);

    // The whole file from the control; stop goes back to the start.
    fireEvent.click(within(control).getByRole('button', { name: '再生' }));
    act(() => {
      el.currentTime = 4.2;
      el.dispatchEvent(new Event('timeupdate'));
    });
    expect(within(control).getByText('0:04 / 0:20')).toBeInTheDocument();
    fireEvent.click(within(control).getByRole('button', { name: /^停\s?止$/ }));
    expect(isPlaying(el)).toBe(false);
    expect(el.currentTime).toBe(0);
    expect(within(control).getByText('0:00 / 0:20')).toBeInTheDocument();
  });

  it('a recording gets its own control (録音を再生)', () => {
    render(
      <PreviewView detail={articleReadingFixture} answers={[{ question_id: 0, sound_file: '/rec/article.wav' }]} />,
    );
    expect(screen.getByRole('group', { name: '録音の音声' })).toBeInTheDocument();
  });
});

describe('only one audio plays at a time', () => {
  it('starting a second audio pauses the first, across items and views', async () => {
    render(
      <>
        <PreviewView detail={sentenceReadingFixture} />
        <PreviewView detail={dialogFixture} />
      </>,
    );
    const buttons = screen.getAllByRole('button', { name: /原文を再生/ });
    fireEvent.click(buttons[0]!);
    const first = created.find((a) => a.src.endsWith('s-hello.wav'))!;
    expect(isPlaying(first)).toBe(true);
    expect(await screen.findByRole('button', { name: /停\s?止/ })).toBeInTheDocument();

    const studentTurn = screen.getAllByTestId('dialog-child-turn')[0]!;
    fireEvent.click(within(studentTurn).getByRole('button', { name: /原文を再生/ }));
    const second = created.find((a) => a.src.endsWith('d-customer-1.wav'))!;
    expect(isPlaying(second)).toBe(true);
    expect(isPlaying(first)).toBe(false);
    expect(created.filter(isPlaying)).toHaveLength(1);
    // The first button is back to 原文を再生; the second says 停止.
    expect(screen.getAllByRole('button', { name: /停\s?止/ })).toHaveLength(1);
    expect(within(studentTurn).getByRole('button', { name: /停\s?止/ })).toBeInTheDocument();
  });
});

describe('fields the library server adds (example audio, listening script, question audio)', () => {
  it('plays a word’s example, shows a listening script and a question’s own audio', () => {
    const word = {
      ...wordStudyFixture,
      items: [
        {
          ...wordStudyFixture.items[0]!,
          example: { ...wordStudyFixture.items[0]!.example!, audio_file: '/media/ex.wav' },
        },
      ],
    };
    const { unmount } = render(<PreviewView detail={word} />);
    expect(screen.getByRole('button', { name: /例文を再生/ })).toBeInTheDocument();
    unmount();

    const first = listeningFixture.items[0]!;
    const listening = {
      ...listeningFixture,
      items: [
        {
          ...first,
          screen_text: 'What animal does Yui like?',
          script: { text: 'Hi, I’m Yui. I like pandas.', translation: 'ユイです。パンダが好きです。' },
          questions: [{ ...first.questions![0]!, audio_file: '/media/q.wav' }],
        },
      ],
    };
    render(<PreviewView detail={listening} />);
    expect(screen.getByText('スクリプト（流れる英文）')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /質問を聞く/ })).toBeInTheDocument();
  });

  it('a dialog’s partner lines after the child’s last turn follow it', () => {
    const last = dialogFixture.items[2]!;
    const detail = {
      ...dialogFixture,
      items: [
        ...dialogFixture.items.slice(0, 2),
        {
          ...last,
          wait_items: [
            ...last.wait_items!,
            {
              after_index: 2,
              role: 'Clerk',
              screen_text: 'Have a nice day!',
              screen_text_translation: 'よい一日を！',
              audio_file: null,
            },
          ],
        },
      ],
    };
    const { container } = render(<PreviewView detail={detail} />);
    const order = [...container.querySelectorAll('[data-testid^="dialog-"]')].map((el) =>
      el.getAttribute('data-testid'),
    );
    expect(order.slice(-2)).toEqual(['dialog-child-turn', 'dialog-partner-turn']);
    expect(screen.getAllByTestId('dialog-partner-turn').at(-1)).toHaveTextContent('Have a nice day!');
  });
});
