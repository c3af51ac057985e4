import { useSyncExternalStore } from 'react';
import type { RequestUi } from '@ondoku/ui/request';

/**
 * The child app's messages (no antd here: the first view stays small): a toast line at the top,
 * an alert box, and the retry question the request layer asks for a GET that failed (@ondoku/ui/request; docs/learn-web.md, "Requests and session").
 */
interface Toast {
  id: number;
  text: string;
}
interface Dialog {
  text: string;
  /** A question with two answers; an alert has only OK. */
  confirm: boolean;
  resolve(yes: boolean): void;
}

let toasts: Toast[] = [];
let dialog: Dialog | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
let state: { toasts: Toast[]; dialog: Dialog | null } = { toasts, dialog };
const refresh = () => {
  state = { toasts, dialog };
  emit();
};

export const learnUi: RequestUi & { dismiss(id: number): void } = {
  toast(text: string) {
    const id = nextId++;
    toasts = [...toasts, { id, text }];
    refresh();
    setTimeout(() => learnUi.dismiss(id), 5000);
  },
  dismiss(id: number) {
    toasts = toasts.filter((t) => t.id !== id);
    refresh();
  },
  alert(text: string) {
    void new Promise<boolean>((resolve) => {
      dialog = { text, confirm: false, resolve };
      refresh();
    });
  },
  confirmRetry() {
    return new Promise<boolean>((resolve) => {
      dialog = { text: 'つうしんがうまくいきませんでした。もういちどためしますか？', confirm: true, resolve };
      refresh();
    });
  },
};

function close(yes: boolean) {
  const d = dialog;
  dialog = null;
  refresh();
  d?.resolve(yes);
}

/** Where the toasts and the dialog appear (once, in the app frame). */
export function UiHost() {
  const { toasts: list, dialog: open } = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
  return (
    <>
      <div className="ln-toasts" role="status" aria-live="polite">
        {list.map((t) => (
          <div key={t.id} className="ln-toast" onClick={() => learnUi.dismiss(t.id)}>
            {t.text}
          </div>
        ))}
      </div>
      {open && (
        <div className="ln-dialog-backdrop">
          <div className="ln-dialog" role="alertdialog" aria-modal="true" aria-label={open.text}>
            <p>{open.text}</p>
            <div className="ln-row ln-end">
              {open.confirm && (
                <button type="button" className="ln-btn" onClick={() => close(false)}>
                  やめる
                </button>
              )}
              <button type="button" className="ln-btn ln-primary" onClick={() => close(true)}>
                {open.confirm ? 'もういちど' : 'OK'}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
