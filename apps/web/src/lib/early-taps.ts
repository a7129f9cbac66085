declare global {
  interface Window {
    /** The controls tapped before the app took the server's page over (contract EARLY_TAPS_SCRIPT); null once it has. */
    __simshopEarlyTaps?: Element[] | null;
  }
}

/**
 * The app has taken the page over: taps are the app's from now on, and those made before are
 * made again on the same controls (those still in the page), in their order.
 */
export function replayEarlyTaps(): void {
  const taps = window.__simshopEarlyTaps ?? [];
  window.__simshopEarlyTaps = null;
  for (const control of taps) if (control.isConnected && control instanceof HTMLElement) control.click();
}
