import {
  getPackDetail,
  getPackList,
  getPreparation,
  getResourceDetail,
  searchResources,
  type ResourceRow,
} from '@ondoku/contract';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fixtureRow,
  listeningFixture,
  packFixtures,
  previewFixtures,
  sentenceReadingFixture,
} from '@ondoku/ui/preview/fixtures';
import { stubMedia } from '@ondoku/ui/preview/test-media';
import { selectionStore } from '../../features/library/selection/selection-store';
import { renderRoute, reply, type FakeInput } from '../../test/render-route';

// A whole screen in jsdom re-renders slowly on a busy machine: wait up to 20 s for each condition.
configure({ asyncUtilTimeout: 20_000 });
beforeEach(() => stubMedia());
afterEach(() => {
  cleanup(); // unmount while the media stand-in is still there
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  selectionStore.reload();
});

/** The eight fixtures and 14 more sentence sets: 22 rows, three pages of 10. */
const extra: ResourceRow[] = Array.from({ length: 14 }, (_, i) => ({
  ...fixtureRow(sentenceReadingFixture),
  resource_id: 200 + i,
  title: `5年 文の音読 ${i + 1}`,
}));
const rows: ResourceRow[] = [
  ...previewFixtures.map((f) => fixtureRow(f, f === listeningFixture ? 'pk-g3-animals' : null)),
  ...extra,
];

/** A fake search that filters like the server does (type, grade, origin, pack, keyword) and pages. */
const search = (q: FakeInput) => {
  const page = Number(q.page ?? 1);
  const limit = Number(q.limit ?? 10);
  const hit = rows.filter(
    (r) =>
      (!q.type || r.type === q.type) &&
      (!q.grade || r.grade === Number(q.grade)) &&
      (!q.origin_type || r.origin_type === q.origin_type) &&
      (!q.pack_code || r.pack_code === q.pack_code) &&
      (!q.kw || r.title.includes(String(q.kw))),
  );
  return { rows: hit.slice((page - 1) * limit, page * limit), total: hit.length, page, limit };
};

const api = [
  reply(searchResources, search),
  reply(getResourceDetail, (q) => previewFixtures.find((f) => f.resource_id === Number(q.resource_id))!),
  reply(getPackList, () => ({ rows: packFixtures, total: packFixtures.length, page: 1, limit: 20 })),
  reply(getPackDetail, (q) => ({
    ...packFixtures.find((p) => p.code === q.code)!,
    resources: rows.filter((r) => r.pack_code === q.code),
  })),
];

const resourceRows = () => screen.getAllByTestId('resource-row');
const titles = () => resourceRows().map((r) => within(r).getAllByRole('button')[0]!.textContent);
const count = () => screen.getByTestId('selection-count').textContent;

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  // The dropdown renders last in the body; the current value may show the same text above it.
  const found = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(found.at(-1)!);
}

// A whole screen in jsdom takes seconds on a busy machine.
describe('/homework-create/form (library)', { timeout: 300_000 }, () => {
  it('while a first start installs the library it says so with progress, never a final-looking empty list', async () => {
    renderRoute('/homework-create/form', {
      api: [
        ...api,
        reply(searchResources, (q) => ({ rows: [], total: 0, page: Number(q.page), limit: Number(q.limit) })),
        reply(getPreparation, () => ({ library: { done: 63, total: 159 }, demo_homework: null })),
      ],
    });
    expect(await screen.findByTestId('preparing-library', {}, { timeout: 20_000 })).toHaveTextContent(
      '教材を準備しています（63/159）しばらくすると、すべての教材が表示されます。',
    );
    expect(screen.queryByText('条件に合う教材がありません。絞り込みを変えてお試しください。')).toBeNull();
  });

  it('/homework-create leads to the form; the menu’s 宿題配信 is selected; 10 to a page with the pager', async () => {
    const { router, calls } = renderRoute('/homework-create', { api });
    expect(await screen.findByText('宿題にする教材を選ぶ', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/homework-create/form');
    expect(
      within(screen.getByRole('navigation', { name: 'メニュー' })).getByRole('link', { name: '宿題配信' }),
    ).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(resourceRows()).toHaveLength(10));
    expect(screen.getByText('全22件')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'ページ送り' });
    fireEvent.click(within(pager).getByText('3').closest('button')!);
    await waitFor(() => expect(resourceRows()).toHaveLength(2));
    expect(calls.filter((c) => c.path === searchResources.path).at(-1)?.input).toMatchObject({
      page: '3',
      limit: '10',
    });
  });

  it('filters by type, grade and origin, searches by keyword, shows the empty state', async () => {
    const { calls } = renderRoute('/homework-create/form', { api });
    await waitFor(() => expect(resourceRows()).toHaveLength(10), { timeout: 20_000 });
    const lastSearch = () => calls.filter((c) => c.path === searchResources.path).at(-1)?.input;

    await choose('種類', 'リスニング');
    await waitFor(() => expect(titles()).toEqual([listeningFixture.title]));
    expect(lastSearch()).toMatchObject({ type: 'listening', page: '1' });

    await choose('種類', 'すべての種類');
    await choose('学年', '6年');
    await waitFor(() => expect(titles()).toEqual(['6年 日本の夏休み', '6年 公園でピクニック']));
    expect(lastSearch()).toMatchObject({ grade: '6' });

    fireEvent.click(screen.getByRole('radio', { name: '教室教材' }));
    await waitFor(() => expect(titles()).toEqual(['6年 公園でピクニック']));
    expect(lastSearch()).toMatchObject({ grade: '6', origin_type: 'classroom' });

    const box = screen.getByRole('searchbox', { name: 'キーワード' });
    fireEvent.change(box, { target: { value: '夏休み' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('条件に合う教材がありません。絞り込みを変えてお試しください。')).toBeInTheDocument();
    expect(lastSearch()).toMatchObject({ kw: '夏休み', origin_type: 'classroom' });
    expect(screen.queryByRole('navigation', { name: 'ページ送り' })).toBeNull();
  });

  it('opens a preview, adds from it and from the checkboxes; the selection survives a reload', async () => {
    const first = renderRoute('/homework-create/form', { api });
    await waitFor(() => expect(resourceRows()).toHaveLength(10), { timeout: 20_000 });
    expect(count()).toBe('0');

    const row = resourceRows().find((r) => within(r).queryByText('5年 自己紹介をしよう'))!;
    fireEvent.click(within(row).getByRole('button', { name: /プレビュー/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Hello, my name is Haruto.')).toBeInTheDocument();
    expect(within(drawer).getAllByTestId('preview-item')).toHaveLength(4);
    expect(within(drawer).getAllByRole('button', { name: /原文を再生/ })).toHaveLength(4);
    expect(within(drawer).getAllByRole('button', { name: /自分で読んでみる/ })).toHaveLength(4);
    expect(first.calls.find((c) => c.path === getResourceDetail.path)?.input).toMatchObject({ resource_id: '103' });

    fireEvent.click(within(drawer).getByRole('button', { name: /宿題に追加/ }));
    await waitFor(() => expect(count()).toBe('1'));
    expect(within(drawer).getByRole('button', { name: /選択から外す/ })).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: '閉じる' }));

    const other = resourceRows().find((r) => within(r).queryByText('3年 くだものと食べもの パート1'))!;
    fireEvent.click(within(other).getByRole('checkbox'));
    fireEvent.click(within(other).getByRole('checkbox')); // unchecking removes it
    fireEvent.click(within(other).getByRole('checkbox'));
    await waitFor(() => expect(count()).toBe('2'));
    expect(within(row).getByRole('checkbox')).toBeChecked();
    const tray = screen.getByTestId('selection-tray');
    expect(within(tray).getByText('5年 自己紹介をしよう')).toBeInTheDocument();

    // Reload: a fresh screen and a fresh store read the same selection back.
    first.unmount();
    act(() => selectionStore.reload());
    renderRoute('/homework-create/form', { api });
    await waitFor(() => expect(count()).toBe('2'), { timeout: 20_000 });
    expect(
      within(screen.getByTestId('selection-tray')).getByText('3年 くだものと食べもの パート1'),
    ).toBeInTheDocument();

    // Removing from the tray.
    fireEvent.click(screen.getByLabelText('「5年 自己紹介をしよう」を外す'));
    await waitFor(() => expect(count()).toBe('1'));
  });

  it('a pack: list its resources, choose it whole; checking a resource clears the pack; an empty pack cannot be chosen', async () => {
    renderRoute('/homework-create/form', { api });
    await waitFor(() => expect(resourceRows()).toHaveLength(10), { timeout: 20_000 });
    const cards = await screen.findAllByTestId('pack-card');
    expect(cards).toHaveLength(3);

    const animals = cards.find((c) => within(c).queryByText('3年 動物リスニング'))!;
    fireEvent.click(within(animals).getByRole('button', { name: /中身を見る/ }));
    await waitFor(() => expect(titles()).toEqual([listeningFixture.title]));
    expect(await screen.findByText('パック：3年 動物リスニング')).toBeInTheDocument();

    fireEvent.click(within(animals).getByRole('button', { name: /パックを選ぶ/ }));
    await waitFor(() => expect(count()).toBe('2'));
    expect(screen.getByText(/教材パック「3年 動物リスニング」（2件）を選んでいます/)).toBeInTheDocument();
    expect(selectionStore.get().resources).toEqual([
      { id: 'pk-g3-animals', title: '3年 動物リスニング', type: 'listening' },
    ]);

    fireEvent.click(within(resourceRows()[0]!).getByRole('checkbox'));
    await waitFor(() => expect(count()).toBe('1'));
    expect(screen.queryByText(/を選んでいます/)).toBeNull();
    expect(selectionStore.get().pack).toBeNull();

    const empty = cards.find((c) => within(c).queryByText('6年 卒業スピーチ'))!;
    expect(within(empty).getByText(/教材なし/)).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: /パックを選ぶ/ })).toBeDisabled();
  });
});
