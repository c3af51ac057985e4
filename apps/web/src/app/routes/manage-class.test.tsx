import {
  getClassInfo,
  getStudentBranchRows,
  getStudentPageRows,
  type ClassRow,
  type StudentRow,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, reply } from '../../test/render-route';

afterEach(() => vi.unstubAllGlobals());

const klass: ClassRow = {
  team_id: 12,
  name: '3年1組',
  allow_join: 1,
  sort: 1,
  hidden: false,
  student_count: 25,
  created_at: '2026-04-01T00:00:00.000Z',
};
const student = (i: number): StudentRow => ({
  student_id: `s${String(i).padStart(3, '0')}`,
  name: `生徒${i}`,
  furigana: `せいと${i}`,
  grade_name: '3年',
  class_name: '1組',
  number: String(i),
  has_initial_password: i % 2 === 0,
  password_changed_at: null,
  teams: [{ team_id: 12, name: '3年1組' }],
  created_at: '2026-04-01T00:00:00.000Z',
});
const pagerOf = (root: ParentNode) => root.querySelector<HTMLElement>('nav[aria-label="ページ送り"]')!;
const pageButton = (pager: HTMLElement, label: string) => within(pager).getByText(label).closest('button')!;

const all = Array.from({ length: 25 }, (_, i) => student(i + 1));

// A whole screen in jsdom takes seconds on a busy machine.
describe('/manage-class/:classId', { timeout: 90_000 }, () => {
  it('shows the class head and its students, 20 to a page, and keeps the page for the session', async () => {
    const { calls, unmount } = renderRoute('/manage-class/12', {
      api: [
        reply(getClassInfo, () => klass),
        reply(getStudentPageRows, (q) => {
          const page = Number(q.page);
          const limit = Number(q.limit);
          return { rows: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
        }),
      ],
    });
    expect(await screen.findByText('s001', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getAllByText('3年1組').length).toBeGreaterThan(0);
    expect(screen.getByText('25人')).toBeInTheDocument();
    expect(screen.queryByText('s021')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === getStudentPageRows.path)?.input).toMatchObject({
      team_id: '12',
      page: '1',
      limit: '20',
      sort_field: 'number',
      teacher_id: '7',
    });

    // getByRole walks the whole accessibility tree of a 20-row table in jsdom: slow on a busy machine.
    const pager = pagerOf(document);
    expect(within(pager).getByText('全25人')).toBeInTheDocument();
    fireEvent.click(pageButton(pager, '2'));
    expect(await screen.findByText('s021', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText('s001')).not.toBeInTheDocument();

    // Back on the screen in the same browser session: the same page.
    unmount();
    vi.unstubAllGlobals();
    renderRoute('/manage-class/12', {
      api: [
        reply(getClassInfo, () => klass),
        reply(getStudentPageRows, (q) => ({ rows: all.slice(20), total: all.length, page: Number(q.page), limit: 20 })),
      ],
    });
    await waitFor(() => expect(pageButton(pagerOf(document), '2')).toHaveAttribute('aria-current', 'page'), {
      timeout: 20_000,
    });
  });

  it('tells an empty class how to add students', async () => {
    renderRoute('/manage-class/12', {
      api: [
        reply(getClassInfo, () => ({ ...klass, student_count: 0 })),
        reply(getStudentPageRows, () => ({ rows: [], total: 0, page: 1, limit: 20 })),
      ],
    });
    expect(
      await screen.findByText('このクラスにはまだ生徒がいません。「ファイルから取り込む」で追加できます。'),
    ).toBeInTheDocument();
    expect(document.querySelector('nav[aria-label="ページ送り"]')).toBeNull();
  });
});

describe('/manage-class/:classId selection across pages (docs/classes.md, Edges)', { timeout: 120_000 }, () => {
  it('after selecting a page, offers the whole class; the page size choice holds for the session', async () => {
    sessionStorage.clear();
    const { unmount, calls } = renderRoute('/manage-class/12', {
      api: [
        reply(getClassInfo, () => klass),
        reply(getStudentPageRows, (q) => {
          const page = Number(q.page);
          const limit = Number(q.limit);
          return { rows: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
        }),
        reply(getStudentBranchRows, () => ({
          rows: [
            {
              team_id: 12,
              name: '3年1組',
              hidden: false,
              students: all.map((s) => ({ student_id: s.student_id, name: s.name, number: s.number })),
            },
          ],
        })),
      ],
    });
    expect(await screen.findByText('s001', {}, { timeout: 20_000 })).toBeInTheDocument();
    const selectPage = document.querySelector<HTMLInputElement>('th .ant-checkbox-input')!;
    fireEvent.click(selectPage);
    const offer = await screen.findByTestId('select-all', {}, { timeout: 20_000 });
    expect(offer).toHaveTextContent('このページの20人を選択しています。');
    fireEvent.click(within(offer).getByText('このクラスの生徒25人をすべて選択'));
    expect(await screen.findByText('25人を選択中', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('select-all')).toBeNull();

    // 50 a page: every row on one page, kept when the screen comes back in this session.
    fireEvent.change(screen.getByLabelText('表示件数'), { target: { value: '50' } });
    await waitFor(() =>
      expect(calls.some((c) => c.path === getStudentPageRows.path && c.input.limit === '50')).toBe(true),
    );
    expect(await screen.findByText('s025', {}, { timeout: 20_000 })).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    const again = renderRoute('/manage-class/13', {
      api: [
        reply(getClassInfo, () => ({ ...klass, team_id: 13 })),
        reply(getStudentPageRows, (q) => ({ rows: [], total: 0, page: Number(q.page), limit: Number(q.limit) })),
      ],
    });
    await waitFor(() => expect(again.calls.find((c) => c.path === getStudentPageRows.path)?.input.limit).toBe('50'), {
      timeout: 20_000,
    });
  });
});
