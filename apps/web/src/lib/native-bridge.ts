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
