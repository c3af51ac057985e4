import { getMyClassRows, hideClass, updateClass, type ClassRow } from '@ondoku/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, reply } from '../../test/render-route';

afterEach(() => vi.unstubAllGlobals());

const row = (team_id: number, name: string, sort: number): ClassRow => ({
  team_id,
  name,
  allow_join: 1,
  sort,
  hidden: false,
  student_count: 30 + team_id,
  created_at: '2026-04-01T00:00:00.000Z',
});

// A whole screen in jsdom takes seconds on a busy machine.
describe('/grades (class list)', { timeout: 90_000 }, () => {
  it('lists the classes in their order; hiding one refetches the list', async () => {
    const classes = [row(1, '3年1組', 1), row(2, '3年2組', 2)];
    const { calls } = renderRoute('/grades', {
      api: [
        reply(getMyClassRows, () => ({ rows: classes })),
        reply(hideClass, (b) => {
          const c = classes.find((x) => x.team_id === Number(b.team_id))!;
          c.hidden = true;
          return c;
        }),
      ],
    });
    const rows = await screen.findAllByTestId('class-row', {}, { timeout: 20_000 });
    expect(rows.map((r) => within(r).getByRole('link', { name: /組$/ }).textContent)).toEqual(['3年1組', '3年2組']);
    expect(within(rows[0]!).getByText('31人')).toBeInTheDocument();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: /非表示/ }));
    // The first toast may wait for the notifier's antd App chunk (loaded on idle or on demand).
    expect(await screen.findByText('「3年2組」を非表示にしました。', {}, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getAllByTestId('class-row')[1]!).getByText('非表示')).toBeInTheDocument());
    expect(calls.filter((c) => c.path === getMyClassRows.path)).toHaveLength(2);
    expect(calls.find((c) => c.path === hideClass.path)?.input).toEqual({ team_id: 2, teacher_id: '7', flag: '1' });
  });

  it('confirms every change the same way and explains what hiding does', async () => {
    const classes = [row(1, '3年1組', 1)];
    renderRoute('/grades', {
      api: [
        reply(getMyClassRows, () => ({ rows: classes })),
        reply(updateClass, (b) => {
          classes[0]!.allow_join = Number(b.allow_join);
          return classes[0]!;
        }),
      ],
    });
    const [item] = await screen.findAllByTestId('class-row', {}, { timeout: 20_000 });
    const hide = within(item!).getByText('非表示').closest('button')!;
    expect(hide).toHaveAttribute(
      'aria-description',
      '非表示にすると、宿題を配信するときのクラス選択に出なくなります。生徒と学習記録はそのまま残り、「表示する」でいつでも戻せます。',
    );
    fireEvent.mouseEnter(hide);
    expect(await screen.findByRole('tooltip', {}, { timeout: 20_000 })).toHaveTextContent(
      '宿題を配信するときのクラス選択に出なくなります',
    );

    fireEvent.click(within(item!).getByRole('switch'));
    expect(await screen.findByText('「3年1組」への参加を停止しました。', {}, { timeout: 20_000 })).toBeInTheDocument();
  });
});
