import type { useAppProps } from 'antd/es/app/context';
import type { ModalFuncProps } from 'antd/es/modal';
import { limits } from '@ondoku/contract';

/**
 * Toasts, alerts and confirmations for code outside React (the request layer), shown through an
 * antd App instance so every message uses the Japanese-localised, themed components.
 *
 * The instance lives in a small host component that the app provider mounts as soon as a message
 * is wanted (`onNotifierNeeded`), or when an antd screen is up and the browser is idle
 * (`wantNotifierHost`, from the router's AntdFrame): antd's message, notification and modal code
 * is not part of the first view, and the login page never loads it unless it has something to
 * say (docs/architecture.md, First view). Messages asked for before the host has registered wait for it; without any host
 * (outside the app) they fall back to the console.
 */
let api: useAppProps | null = null;
let pending: ((instance: useAppProps) => void)[] = [];
let mountHost: (() => void) | null = null;
let hostWanted = false;

/** The host registers its App instance; the returned function unregisters it (on unmount). */
export const registerNotifier = (instance: useAppProps) => {
  api = instance;
  const waiting = pending;
  pending = [];
  for (const show of waiting) show(instance);
  return () => {
    if (api === instance) api = null;
  };
};

/** The provider tells how to mount the host; the returned function forgets it (on unmount). */
export const onNotifierNeeded = (mount: () => void) => {
  mountHost = mount;
  if (pending.length || hostWanted) mount();
  return () => {
    if (mountHost === mount) mountHost = null;
  };
};

/** Mount the host ahead of any message (an antd screen is up and the browser is idle). */
export const wantNotifierHost = () => {
  hostWanted = true;
  mountHost?.();
};

/**
 * What the notifier shows with when its host's chunk did not load (the network went away before
 * the first message): the browser's own dialogs. An error or a question is never lost, and the
 * app never breaks over a toast; a success note goes to the console.
 */
const plainInstance = {
  message: {
    open: ({ type, content }: { type?: string; content?: unknown }) =>
      type === 'error' ? window.alert(String(content)) : console.info(String(content)),
  },
  modal: {
    error: ({ content }: ModalFuncProps) => window.alert(String(content)),
    confirm: (props: ModalFuncProps) => {
      if (window.confirm(String(props.content ?? props.title ?? ''))) void props.onOk?.();
      else void props.onCancel?.();
    },
  },
} as unknown as useAppProps;

/** The host's chunk failed to load: what waits is shown plainly; the next message tries the host again. */
export const notifierHostFailed = () => {
  const waiting = pending;
  pending = [];
  for (const show of waiting) show(plainInstance);
};

/** Show now, or once the host is mounted; false when there is no host to mount. */
function withApi(show: (instance: useAppProps) => void): boolean {
  if (api) {
    show(api);
    return true;
  }
  if (!mountHost) return false;
  pending.push(show);
  mountHost();
  return true;
}

export const notify = {
  toast(content: string) {
    if (!withApi((a) => void a.message.open({ type: 'error', content, duration: limits.toastDurationMs / 1000 })))
      console.error(content);
  },
  success(content: string) {
    withApi((a) => void a.message.open({ type: 'success', content, duration: limits.toastDurationMs / 1000 }));
  },
  alert(content: string) {
    if (!withApi((a) => a.modal.error({ title: 'エラー', content, okText: 'OK' }))) window.alert(content);
  },
  /**
   * A confirmation through the lazily mounted App host, for screens of the first view that
   * should not carry antd's modal hook (Modal.useModal) themselves.
   */
  confirm(props: ModalFuncProps) {
    if (!withApi((a) => void a.modal.confirm(props)) && window.confirm(String(props.title ?? ''))) void props.onOk?.();
  },
  /**
   * Take down every toast, and drop those waiting for the host: a new session starts clean (a
   * failed sign-in's message must not stay over the homework list after the next one succeeds).
   */
  clearToasts() {
    pending = [];
    api?.message.destroy();
  },
  confirmRetry(): Promise<boolean> {
    return new Promise((resolve) => {
      const asked = withApi((a) =>
        a.modal.confirm({
          title: '通信エラー',
          content: '通信に失敗しました。もう一度お試しになりますか？',
          okText: '再試行',
          cancelText: 'キャンセル',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        }),
      );
      if (!asked) resolve(false);
    });
  },
};
