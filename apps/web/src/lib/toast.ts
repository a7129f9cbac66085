import { Toast } from 'antd-mobile';
import { LIMITS } from '@simshop/contract';

/**
 * The spec's toasts (SPEC §8 "Presentation"): errors 5000 ms without an icon (long messages
 * stay readable), successes 3000 ms, clipboard results 2000 ms.
 */
export const toast = {
  error(content: string): void {
    Toast.show({ content, duration: LIMITS.toastErrorMs, maskClickable: true });
  },
  success(content: string): void {
    Toast.show({ content, icon: 'success', duration: LIMITS.toastSuccessMs });
  },
  info(content: string): void {
    Toast.show({ content, duration: LIMITS.toastSuccessMs });
  },
  loading(content: string): { close(): void } {
    return Toast.show({ content, icon: 'loading', duration: 0, maskClickable: false });
  },
  clipboard(content: string, ok: boolean): void {
    Toast.show({ content, icon: ok ? 'success' : 'fail', duration: LIMITS.toastClipboardMs });
  },
  clear(): void {
    Toast.clear();
  },
};
