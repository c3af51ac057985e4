import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { guideSections } from '../../features/explain/guide';
import { renderRoute } from '../../test/render-route';

describe('/explain, the teacher’s guide', { timeout: 60_000 }, () => {
  it('opens from the header, shows every task with its steps and picture, and prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { router } = renderRoute('/homework-management');
    fireEvent.click(await screen.findByRole('button', { name: '使い方ガイド' }, { timeout: 20_000 }));
    await screen.findByRole('heading', { name: '音読 Ondoku 先生用ガイド' }, { timeout: 20_000 });
    expect(router.state.location.pathname).toBe('/explain');
    const sections = screen.getAllByTestId('guide-section');
    expect(sections.map((s) => within(s).getByRole('heading').textContent)).toEqual(guideSections.map((s) => s.title));
    for (const [i, s] of guideSections.entries()) {
      expect(within(sections[i]!).getAllByRole('listitem')).toHaveLength(s.steps.length);
      expect(within(sections[i]!).getByRole('img').getAttribute('src')).toBe(`explain/${s.shot}.jpg`);
    }
    // A picture that is not there leaves the steps alone, not a broken image.
    fireEvent.error(within(sections[0]!).getByRole('img'));
    expect(within(sections[0]!).queryByRole('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /印刷する/ }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });
});
