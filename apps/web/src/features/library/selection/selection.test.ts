import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { testTeacher } from '../../../test/render-route';
import {
  addResources,
  emptySelection,
  parseSelection,
  removeResources,
  setPack,
  type HomeworkSelection,
  type SelectedPack,
} from './selection';
import { selectionStore } from './selection-store';

const a = { id: 1, title: 'あいさつ', type: 'sentence_reading' as const };
const b = { id: 2, title: 'くだもの', type: 'word_study' as const };
const c = { id: 3, title: '夏休み', type: 'article_reading' as const };
const pack: SelectedPack = { code: 'pk-g5', title: '5年セット', type: 'sentence_reading', total: 4 };
const withPack: HomeworkSelection = setPack(emptySelection, pack);

describe('new-homework selection rules', () => {
  it('adding resources appends them in order', () => {
    expect(addResources(addResources(emptySelection, [a]), [b, c]).resources).toEqual([a, b, c]);
  });

  it('adding resources clears the pack (and its code entry)', () => {
    const s = addResources(withPack, [a]);
    expect(s.pack).toBeNull();
    expect(s.resources).toEqual([a]);
  });

  it('removing a resource clears the pack', () => {
    const s = removeResources(withPack, ['no-such-id']);
    expect(s.pack).toBeNull();
    expect(s.resources).toEqual([]);
    const t = removeResources(addResources(emptySelection, [a, b]), [a.id]);
    expect(t.resources).toEqual([b]);
    expect(t.pack).toBeNull();
  });

  it('removing the pack entry clears the pack and empties the list', () => {
    const s = removeResources(withPack, [pack.code]);
    expect(s).toEqual({ ...emptySelection, form: {} });
  });

  it('setting a pack replaces the list with just the pack’s code', () => {
    const s = setPack(addResources(emptySelection, [a, b]), pack);
    expect(s.pack).toEqual(pack);
    expect(s.resources).toEqual([{ id: 'pk-g5', title: '5年セット', type: 'sentence_reading' }]);
  });

  it('a pack with total 0 gives an empty selection', () => {
    const s = setPack(addResources(emptySelection, [a]), { ...pack, total: 0 });
    expect(s.resources).toEqual([]);
    expect(s.pack).toBeNull();
  });

  it('adding null empties the list', () => {
    expect(addResources(addResources(emptySelection, [a, b]), null).resources).toEqual([]);
    expect(addResources(withPack, null)).toMatchObject({ resources: [], pack: null });
  });

  it('duplicates by id are ignored', () => {
    const s = addResources(addResources(emptySelection, [a, b]), [{ ...a, title: '別の題名' }, c, c]);
    expect(s.resources).toEqual([a, b, c]);
  });

  it('the form info is kept by every rule', () => {
    const s = { ...emptySelection, form: { title: '5月の宿題' } };
    expect(addResources(s, [a]).form).toEqual({ title: '5月の宿題' });
    expect(setPack(s, pack).form).toEqual({ title: '5月の宿題' });
    expect(removeResources(s, [1]).form).toEqual({ title: '5月の宿題' });
  });

  it('a malformed stored selection reads as empty', () => {
    expect(parseSelection('{oops')).toEqual(emptySelection);
    expect(parseSelection(JSON.stringify({ resources: [{ id: {}, title: 1 }], pack: 'x' }))).toEqual(emptySelection);
  });
});

describe('selection store', () => {
  afterEach(() => {
    selectionStore.clear();
    sessionStorage.clear();
  });

  it('survives a reload (sessionStorage, per teacher)', () => {
    sessionStore.set({ token: 't', user: testTeacher, onlineClassSwitch: false });
    selectionStore.add([a, b]);
    selectionStore.reload();
    expect(selectionStore.get().resources).toEqual([a, b]);
    // Another teacher on the same browser tab does not see it.
    sessionStore.set({ token: 't2', user: { ...testTeacher, id: 99 }, onlineClassSwitch: false });
    expect(selectionStore.get().resources).toEqual([]);
    sessionStore.set({ token: 't', user: testTeacher, onlineClassSwitch: false });
    expect(selectionStore.get().resources).toEqual([a, b]);
  });
});
