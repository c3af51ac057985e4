import type { useAppProps } from 'antd/es/app/context';
import { limits } from '@ondoku/contract';

/**
 * Toasts, alerts and confirmations for code outside React (the request layer): the antd App
 * instance registers itself here once mounted, so every message uses the Japanese-localised,
 * themed components.
 */
let api: useAppProps | null = null;

export const registerNotifier = (instance: useAppProps) => {
  api = instance;
};

export const notify = {
  toast(content: string) {
    if (api) void api.message.open({ type: 'error', content, duration: limits.toastDurationMs / 1000 });
    else console.error(content);
  },
  success(content: string) {
    if (api) void api.message.open({ type: 'success', content, duration: limits.toastDurationMs / 1000 });
  },
  alert(content: string) {
    if (api) api.modal.error({ title: 'エラー', content, okText: 'OK' });
    else window.alert(content);
  },
  confirmRetry(): Promise<boolean> {
    if (!api) return Promise.resolve(false);
    const modal = api.modal;
    return new Promise((resolve) =>
      modal.confirm({
        title: '通信エラー',
        content: '通信に失敗しました。もう一度お試しになりますか？',
        okText: '再試行',
        cancelText: 'キャンセル',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
  },
};
