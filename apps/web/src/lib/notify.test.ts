import { afterEach, describe, expect, it, vi } from 'vitest';

// notify keeps its host in module state: a fresh module per test.
const freshNotify = async () => {
  vi.resetModules();
  return import('./notify');
};
afterEach(() => vi.restoreAllMocks());

describe('notify: the lazily mounted host', () => {
  it('mounts the host when a message is wanted, or ahead of time when an antd screen asks', async () => {
    const n = await freshNotify();
    const mount = vi.fn();
    const forget = n.onNotifierNeeded(mount);
    expect(mount).not.toHaveBeenCalled();
    n.notify.toast('x');
    expect(mount).toHaveBeenCalledTimes(1);
    forget();

    const m = await freshNotify();
    m.wantNotifierHost(); // before the slot registered (the frame's idle callback came first)
    const later = vi.fn();
    m.onNotifierNeeded(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('shows what waits with the browser dialogs when the host cannot load, and asks again next time', async () => {
    const n = await freshNotify();
    const mount = vi.fn();
    n.onNotifierNeeded(mount);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    n.notify.toast('操作に失敗しました。');
    const retry = n.notify.confirmRetry();
    n.notifierHostFailed();
    expect(alert).toHaveBeenCalledWith('操作に失敗しました。');
    expect(confirm).toHaveBeenCalledWith('通信に失敗しました。もう一度お試しになりますか？');
    await expect(retry).resolves.toBe(true);

    n.notify.toast('二度目');
    expect(mount).toHaveBeenCalledTimes(3); // toast, confirm, and the next message tries the host again
  });
});
