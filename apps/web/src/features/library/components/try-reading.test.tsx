import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { articleReadingFixture, sentenceReadingFixture } from '@ondoku/ui/preview/fixtures';
import { stubMedia } from '@ondoku/ui/preview/test-media';
import { PreviewBody } from './preview-drawer';

/** The recorder stands in for the microphone and the evaluation socket. */
const recorder = vi.hoisted(() => ({
  options: [] as unknown[],
  start: vi.fn(async () => {}),
  stop: vi.fn(),
  destroy: vi.fn(),
  recording: vi.fn(() => new Blob(['RIFF'], { type: 'audio/wav' })),
}));
vi.mock('@ondoku/ui/recorder', () => ({
  Recorder: class {
    constructor(opts: unknown) {
      recorder.options.push(opts);
    }
    start = recorder.start;
    stop = recorder.stop;
    destroy = recorder.destroy;
    recording = recorder.recording;
  },
}));
vi.mock('@ondoku/ui/recorder/encoder-url', () => ({ encoderUrl: '/encoder.js' }));

const result = (html: string, total: number) => ({
  total_score: total,
  accuracy_score: 82,
  fluency_score: 71,
  integrity_score: 100,
  words: [],
  evaluate_html: html,
  evaluate_text: '',
});

// Rendering antd views in jsdom takes seconds on a busy machine (2 cores shared by many).
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  stubMedia();
  recorder.options.length = 0;
  // jsdom has no object URLs (this file's environment only).
  URL.createObjectURL = vi.fn(() => 'blob:rec');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('自分で読んでみる', () => {
  it('records an item, sends its text for evaluation and shows the score, word colours and the recording', async () => {
    recorder.stop.mockResolvedValueOnce(
      result('I am <span class="word bad" data-score="41">from</span> <span class="word good">Osaka</span>.', 74),
    );
    render(<PreviewBody detail={sentenceReadingFixture} />);
    const item = screen.getAllByTestId('preview-item')[1]!;
    fireEvent.click(within(item).getByRole('button', { name: /自分で読んでみる/ }));
    fireEvent.click(await within(item).findByRole('button', { name: /録音を終える/ }));
    expect(recorder.options[0]).toMatchObject({
      params: { text: 'I am from Osaka.', category: 'read_sentence', res_id: 103 },
      encoderUrl: '/encoder.js',
    });
    expect(await within(item).findByTestId('item-score')).toHaveTextContent('得点 74点');
    expect(item.querySelector('.lib-eval .word.bad')?.textContent).toBe('from');
    expect(within(item).getByRole('button', { name: /録音を再生/ })).toBeInTheDocument();
    expect(recorder.destroy).toHaveBeenCalled();
  });

  it('an article is read whole (read_chapter) and fills the score bar', async () => {
    recorder.stop.mockResolvedValueOnce(result('<span class="word good">Summer</span> vacation …', 88));
    render(<PreviewBody detail={articleReadingFixture} />);
    fireEvent.click(screen.getByRole('button', { name: /自分で読んでみる/ }));
    fireEvent.click(await screen.findByRole('button', { name: /録音を終える/ }));
    expect(await screen.findByTestId('score-bar')).toHaveTextContent('練習回数 1回');
    expect(recorder.options[0]).toMatchObject({
      params: { text: articleReadingFixture.full_text!.screen_text, category: 'read_chapter' },
    });
    expect(screen.getByRole('group', { name: '録音の音声' })).toBeInTheDocument();
  });

  it('a refused microphone shows the recorder’s message and nothing is scored', async () => {
    recorder.start.mockRejectedValueOnce(
      new Error('マイクを使用できません。ブラウザの設定でマイクの使用を許可してください。'),
    );
    render(<PreviewBody detail={sentenceReadingFixture} />);
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: /自分で読んでみる/ })[0]!);
    });
    expect(await screen.findByText(/マイクを使用できません/)).toBeInTheDocument();
    expect(screen.queryByTestId('item-score')).toBeNull();
  });
});
