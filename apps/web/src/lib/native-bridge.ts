/**
 * The bridge to the native app wrapper (docs/native-bridge.md). Inside the wrapper the shell
 * injects `window.OndokuNative` (or the user agent contains "OndokuApp"); external links are then
 * handed to it instead of opening inside the web view.
 */
interface NativeShell {
  postMessage(message: string): void;
}

declare global {
  interface Window {
    OndokuNative?: NativeShell;
  }
}

export const isNativeApp = () => Boolean(window.OndokuNative) || /OndokuApp\//.test(navigator.userAgent);

function post(message: Record<string, unknown>) {
  window.OndokuNative?.postMessage(JSON.stringify(message));
}

export function openExternal(url: string) {
  if (window.OndokuNative) post({ type: 'openExternal', url });
  else window.open(url, '_blank', 'noopener,noreferrer');
}

/** "Exit the app": the shell closes; a browser tab can only be closed if script opened it. */
export function exitApp() {
  if (window.OndokuNative) post({ type: 'exitApp' });
  else window.close();
}

/**
 * Push notifications: the shell hands the device's push (FCM) token over by dispatching
 * `ondoku:push-token` on window with `detail: { token }`, when asked with `requestPushToken`
 * and whenever the token changes.
 */
export const PUSH_TOKEN_EVENT = 'ondoku:push-token';
let lastPushToken: string | null = null;

export const currentPushToken = () => lastPushToken;

export function onPushToken(listener: (token: string) => void): () => void {
  const handler = (e: Event) => {
    const token = (e as CustomEvent<{ token?: unknown }>).detail?.token;
    if (typeof token !== 'string' || !token) return;
    lastPushToken = token;
    listener(token);
  };
  window.addEventListener(PUSH_TOKEN_EVENT, handler);
  if (window.OndokuNative) post({ type: 'requestPushToken' });
  return () => window.removeEventListener(PUSH_TOKEN_EVENT, handler);
}
