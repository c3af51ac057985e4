import { exerciseTypes, type ResourceDetail } from '@ondoku/contract';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import samples from './library-samples.json';
import { PreviewView } from './preview-view';
import { stubMedia } from './test-media';

/**
 * The eight preview views on the real library (docs/library-web.md): `library-samples.json` is the first
 * headquarters resource of each type as resource/detail answers it, checked against the installed
 * library by the server's acceptance test (media URLs renamed). Each view must show everything
 * the resource carries; the behaviours (scores, answers, playing) are tested on hand-made data in
 * preview-views.test.tsx.
 */
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });
beforeEach(() => stubMedia());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const library = samples as ResourceDetail[];
const byType = new Map(library.map((d) => [d.type, d]));
/** Visible text of the view, whitespace collapsed. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s+/g, ' ');
/** The view shows `s` (a grammar question's blank, ___, is drawn as a box of its own, labelled 空欄). */
const has = (el: HTMLElement, s: string) =>
  expect(text(el)).toContain(s.replace(/_{2,}/g, ' ').replace(/\s+/g, ' ').trim());

describe('the preview views on the real library', () => {
  it('has one real resource of every exercise type', () => {
    expect([...byType.keys()].sort()).toEqual([...exerciseTypes].sort());
    for (const d of library) expect(d.origin_type).toBe('headquarters');
  });

  it.each([...exerciseTypes])('%s: shows every text, translation, picture, choice and model audio it has', (type) => {
    const d = byType.get(type)!;
    const { container } = render(<PreviewView detail={d} />);
    const view = screen.getByTestId(`preview-${type}`);
    if (d.full_text) {
      for (const s of d.full_text.sentences) {
        has(view, s.text);
        has(view, s.translation);
      }
    }
    const pictures = new Set([...container.querySelectorAll('img')].map((i) => i.getAttribute('src')));
    for (const item of d.items) {
      // An article's one item is its whole text, shown sentence by sentence above.
      if (type !== 'article_reading') {
        has(view, item.screen_text);
        if (item.screen_text_translation) has(view, item.screen_text_translation);
      }
      if (item.ipa) has(view, item.ipa);
      if (item.example) has(view, item.example.text);
      if (item.screen_pic) expect(pictures.has(item.screen_pic), item.screen_pic).toBe(true);
      for (const w of item.wait_items ?? []) has(view, w.screen_text);
      for (const q of item.questions ?? []) has(view, q.content);
      for (const a of item.answers ?? []) {
        if (a.type === 'image') expect(pictures.has(a.content), a.content).toBe(true);
        else has(view, a.content);
      }
    }
    // Choice questions: as many choices as the resource has, and its correct ones marked.
    const choices = within(view).queryAllByTestId('choice');
    const expected = d.items.flatMap((i) => i.answers ?? []);
    expect(choices).toHaveLength(expected.length);
    expect(choices.filter((c) => c.getAttribute('data-correct') === 'true')).toHaveLength(
      expected.filter((a) => a.correct).length,
    );
    // Something to play wherever the resource has model audio.
    const audio = d.items.some((i) => i.audio_file) || !!d.full_text?.audio_file;
    if (audio) expect(within(view).queryAllByRole('button', { name: /再生|聞く/ }).length).toBeGreaterThan(0);
  });
});
