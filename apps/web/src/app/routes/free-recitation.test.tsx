import {
  createResource,
  deleteRecitationResource,
  getPackList,
  getRecitationResource,
  searchResources,
  getRemainingTimes,
  getResourceDetail,
  getToneTypeList,
  messages,
  recitationMessages,
  startCreateResource,
  textToSpeech,
  type CallOutput,
  type ResourceRow,
} from '@ondoku/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute, reply, type FakeInput } from '../../test/render-route';

beforeEach(() => sessionStorage.clear());

const SENTENCES = ['Good morning.', 'I like apples.', 'This is my school.', 'We play soccer.', 'Thank you.'];
const voices = {
  items: [
    { tone_type: 1, name: '女性・アメリカ英語（標準）', speed: 1 },
    { tone_type: 2, name: '女性・アメリカ英語（ゆっくり・初級向け）', speed: 0.8 },
  ],
};
const detail: CallOutput<typeof getResourceDetail> = {
  resource_id: 77,
  title: '朝の会',
  type: 'sentence_reading',
  grade: 5,
  origin_type: 'classroom',
  resource_path: 'classroom/77',
  resource_version: 1,
  full_text: null,
  items: SENTENCES.map((s, index) => ({
    index,
    screen_text: s,
    screen_text_translation: '',
    screen_pic: null,
    audio_file: `/media/${index}.wav`,
  })),
} as CallOutput<typeof getResourceDetail>;

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/free-recitation', { timeout: 120_000 }, () => {
  it('checks the text, previews the voice, and creates the set with the draft guid', async () => {
    const calls: Record<string, FakeInput[]> = { start: [], tts: [], create: [] };
    renderRoute('/free-recitation', {
      api: [
        reply(getToneTypeList, () => voices),
        reply(getRemainingTimes, () => ({ remaining: 3, total: 20, used: 17 })),
        reply(startCreateResource, (input) => {
          calls.start!.push(input);
          return { guid: 'draft-guid-1', category: 'read_sentence' as const, resource_id: null };
        }),
        reply(textToSpeech, (input) => {
          calls.tts!.push(input);
          return {
            audio_file: '/media/0.wav',
            items: SENTENCES.map((_, index) => ({
              index,
              audio_file: `/media/${index}.wav`,
              source: 'tts' as const,
              score: 90 + index,
              flagged: false,
              message: null,
            })),
          };
        }),
        reply(createResource, (input) => {
          calls.create!.push(input);
          return { resource_id: 77, guid: 'draft-guid-1' };
        }),
        reply(getResourceDetail, () => detail),
      ],
    });
    await screen.findByText('今月あと 3 回作成できます（20 回まで）', {}, { timeout: 20_000 });
    await waitFor(() => expect(calls.start).toMatchObject([{ category: 'read_sentence' }]));

    fill('1文目', 'りんご 🍎');
    fireEvent.click(screen.getByRole('button', { name: /音声を作成して試聴/ }));
    expect(await screen.findByText(messages.emojiNotAllowed)).toBeTruthy();
    fill('1文目', 'りんごが好き');
    expect(await screen.findByText(recitationMessages.notEnglish('り ん ご が 好'))).toBeTruthy();
    expect(calls.tts).toEqual([]);

    fill('1文目', 'Ｇｏｏｄ　ｍｏｒｎｉｎｇ.');
    for (let i = 1; i < 5; i++) fill(`${i + 1}文目`, SENTENCES[i]!);
    fireEvent.click(screen.getByRole('button', { name: /音声を作成して試聴/ }));
    await waitFor(() => expect(screen.getAllByTestId('audio-score')).toHaveLength(5));
    expect(calls.tts).toMatchObject([{ guid: 'draft-guid-1', tone_type: 1, content: SENTENCES }]);

    fill('タイトル', '朝の会');
    fireEvent.click(screen.getByRole('button', { name: /教材を作成する/ }));
    expect(await screen.findByText('教材を作成しました')).toBeTruthy();
    expect(calls.create).toMatchObject([
      {
        guid: 'draft-guid-1',
        tone_type: 1,
        content: SENTENCES,
        category: 'read_sentence',
        need_template: 1,
        title: '朝の会',
        grade: 5,
      },
    ]);
    // The saved set in the library's preview.
    await waitFor(() => expect(screen.getAllByTestId('preview-item')).toHaveLength(5));
  });

  it('asks before leaving with text typed and not saved', async () => {
    const { router } = renderRoute('/free-recitation', {
      api: [
        reply(getToneTypeList, () => voices),
        reply(getRemainingTimes, () => ({ remaining: 3, total: 20, used: 17 })),
        reply(startCreateResource, () => ({
          guid: 'draft-guid-4',
          category: 'read_sentence' as const,
          resource_id: null,
        })),
      ],
    });
    await screen.findByText('今月あと 3 回作成できます（20 回まで）', {}, { timeout: 20_000 });
    fill('1文目', 'Good morning.');
    await screen.findAllByText('Good morning.', {}, { timeout: 20_000 });
    // The form's watched value re-renders outside act; let its effects (the blocker's new test
    // function) run before navigating, as they always have by the time a teacher clicks.
    await act(async () => {});
    await act(() => router.navigate('/homework-management'));
    fireEvent.click(await screen.findByRole('button', { name: '続ける' }, { timeout: 20_000 }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '続ける' })).toBeNull());
    expect(router.state.location.pathname).toBe('/free-recitation');
  });

  it('at quota 0 says so and does not let the teacher create', async () => {
    renderRoute('/free-recitation', {
      api: [
        reply(getToneTypeList, () => voices),
        reply(getRemainingTimes, () => ({ remaining: 0, total: 0, used: 0 })),
        reply(startCreateResource, () => ({
          guid: 'draft-guid-2',
          category: 'read_sentence' as const,
          resource_id: null,
        })),
      ],
    });
    expect(await screen.findByText(recitationMessages.quotaExhausted, {}, { timeout: 20_000 })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /教材を作成する/ }).hasAttribute('disabled')).toBe(true),
    );
  });
});

describe("the teacher's own material on the library list", { timeout: 120_000 }, () => {
  const row = (resource_id: number, title: string, origin_type: 'classroom' | 'headquarters'): ResourceRow => ({
    resource_id,
    title,
    type: 'sentence_reading',
    grade: 5,
    origin_type,
    item_count: 5,
    pack_code: null,
  });

  it('offers edit and delete on her sentence and passage resources only; delete asks first', async () => {
    const deleted: FakeInput[] = [];
    renderRoute('/homework-create/form', {
      api: [
        reply(searchResources, () => ({
          rows: [row(77, '朝の会', 'classroom'), row(5, '本部の文', 'headquarters')],
          total: 2,
          page: 1,
          limit: 10,
        })),
        reply(getPackList, () => ({ rows: [], total: 0, page: 1, limit: 20 })),
        reply(deleteRecitationResource, (input) => {
          deleted.push(input);
          return null;
        }),
        reply(getRecitationResource, () => ({
          resource_id: 77,
          category: 'read_sentence' as const,
          title: '朝の会',
          grade: 5,
          tone_type: 1,
          content: SENTENCES,
          translate: [],
          in_use: false,
        })),
        reply(startCreateResource, () => ({
          guid: 'draft-guid-3',
          category: 'read_sentence' as const,
          resource_id: 77,
        })),
        reply(getToneTypeList, () => voices),
        reply(getRemainingTimes, () => ({ remaining: 3, total: 20, used: 17 })),
      ],
    });
    await screen.findByRole('button', { name: '「朝の会」を編集' }, { timeout: 20_000 });
    expect(screen.queryByRole('button', { name: '「本部の文」を編集' })).toBeNull();
    expect(screen.getByRole('button', { name: /自分で教材をつくる（自由音読）/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '「朝の会」を削除' }));
    fireEvent.click(await screen.findByRole('button', { name: '削除する' }));
    await waitFor(() => expect(deleted).toMatchObject([{ resource_id: 77 }]));

    fireEvent.click(screen.getByRole('button', { name: '「朝の会」を編集' }));
    expect(await screen.findByText('自由音読の教材を編集', {}, { timeout: 20_000 })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('1文目') as HTMLInputElement).value).toBe(SENTENCES[0]));
  });
});
