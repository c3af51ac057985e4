import { describe, expect, it } from 'vitest';
import { buildMenu, menu } from './menu';

const labels = (entries: ReturnType<typeof buildMenu>): string[] =>
  entries.flatMap((e) => [e.label, ...(e.children ? labels(e.children) : [])]);

describe('buildMenu', () => {
  const only =
    (...paths: string[]) =>
    (p: string) =>
      paths.includes(p);

  it('offers only screens that exist, keeping groups that still have one', () => {
    const entries = buildMenu(menu, { showLive: false, hasLiveUrl: true, hasRoute: only('/homework-management') });
    expect(labels(entries)).toEqual(['宿題管理', '宿題一覧']);
  });

  it('shows the live lesson only with showLive and a live-lesson address', () => {
    const all = () => true;
    expect(labels(buildMenu(menu, { showLive: true, hasLiveUrl: true, hasRoute: all }))).toContain('オンライン授業');
    expect(labels(buildMenu(menu, { showLive: false, hasLiveUrl: true, hasRoute: all }))).not.toContain(
      'オンライン授業',
    );
    expect(labels(buildMenu(menu, { showLive: true, hasLiveUrl: false, hasRoute: all }))).not.toContain(
      'オンライン授業',
    );
  });
});
