import { describe, expect, it, vi } from 'vitest';
import { reportClientError } from './client-log';
import { sessionStore } from './session';

const user = {
  id: 1,
  teacher_flag: 1,
  username: 't',
  email: 't@example.com',
  nickname: '先生',
  avatar: null,
  type: 'teacher' as const,
  showLive: false,
  school: '',
};

describe('client error reporting', () => {
  it('sends nothing when signed out', () => {
    const send = vi.fn(async () => new Response('{}'));
    reportClientError(new Error('a'), send);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends an error with the token, then throttles the next ones', () => {
    vi.useFakeTimers();
    sessionStore.set({ token: 'tok', user, onlineClassSwitch: false });
    const send = vi.fn(async () => new Response('{}'));
    reportClientError(new Error('first'), send);
    reportClientError(new Error('second'), send);
    expect(send).toHaveBeenCalledOnce();
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/submit-client-log');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(init.body as string).content).toContain('Error: first');
    vi.advanceTimersByTime(10_001);
    reportClientError(new Error('third'), send);
    expect(send).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    sessionStore.clear();
  });
});
