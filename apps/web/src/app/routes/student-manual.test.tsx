import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render-route';

afterEach(() => vi.unstubAllGlobals());

describe('/studentmanual', () => {
  it('opens without signing in, outside the layouts, with the sign-in, practice and microphone sections', async () => {
    renderRoute('/studentmanual', { user: null });
    expect(
      await screen.findByRole('heading', { name: 'おんどく の つかいかた' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    for (const h of ['1. ログインする（はいる）', '3. しゅくだいをする', '4. マイクのじゅんび'])
      expect(screen.getByRole('heading', { name: h })).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/learn/`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '印刷する' })).toBeInTheDocument();
    // No admin frame: no menu.
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
