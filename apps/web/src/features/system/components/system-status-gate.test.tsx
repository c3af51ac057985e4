import { SystemStatus, type SystemStatusReply } from '@ondoku/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SystemStatusGate } from './system-status-gate';

let answer: (s: SystemStatusReply) => void = () => {};
vi.mock('../api/get-system-status', () => ({
  fetchSystemStatus: () => new Promise<SystemStatusReply>((resolve) => (answer = resolve)),
}));

describe('SystemStatusGate', () => {
  it('shows the screen while the status check is under way, so its own requests go out at once', async () => {
    render(
      <SystemStatusGate>
        <p>宿題一覧</p>
      </SystemStatusGate>,
    );
    expect(screen.getByText('宿題一覧')).toBeTruthy();
    answer({ status: SystemStatus.NORMAL, title: '', message: '' });
    expect(await screen.findByText('宿題一覧')).toBeTruthy();
  });

  it('replaces the screen with the failure notice when the status says the system is down', async () => {
    render(
      <SystemStatusGate>
        <p>宿題一覧</p>
      </SystemStatusGate>,
    );
    answer({ status: SystemStatus.DISABLED, title: 'システム障害', message: '復旧までお待ちください。' });
    expect(await screen.findByText('復旧までお待ちください。', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('宿題一覧')).toBeNull();
  });
});
