import type { Toast as ToastView, ToastShowProps } from 'antd-mobile';
import { LIMITS } from '@simshop/contract';

let view: Promise<typeof ToastView> | undefined;
/**
 * antd-mobile's Toast, fetched the first time one is shown (or ahead of that by `prepareToasts`):
 * it brings the animation library, which the first screen does without.
 */
const toastView = () => (view ??= import('./overlays').then((m) => m.Toast));

function show(props: ToastShowProps): { close(): void } {
  let closed = false;
  let shown: { close(): void } | undefined;
  void toastView().then((Toast) => {
    if (!closed) shown = Toast.show(props);
  });
  return {
    close() {
      closed = true;
      shown?.close();
    },
  };
}

/** Fetches the toast's code while nothing else is going on, so the first toast is not late. */
export function prepareToasts(): void {
  void toastView();
}

/**
 * The spec's toasts (SPEC §8 "Presentation"): errors 5000 ms without an icon (long messages
 * stay readable), successes 3000 ms, clipboard results 2000 ms.
 */
export const toast = {
  error(content: string): void {
    show({ content, duration: LIMITS.toastErrorMs, maskClickable: true });
  },
  success(content: string): void {
    show({ content, icon: 'success', duration: LIMITS.toastSuccessMs });
  },
  info(content: string): void {
    show({ content, duration: LIMITS.toastSuccessMs });
  },
  loading(content: string): { close(): void } {
    return show({ content, icon: 'loading', duration: 0, maskClickable: false });
  },
  clipboard(content: string, ok: boolean): void {
    show({ content, icon: ok ? 'success' : 'fail', duration: LIMITS.toastClipboardMs });
  },
  clear(): void {
    void toastView().then((Toast) => Toast.clear());
  },
};
