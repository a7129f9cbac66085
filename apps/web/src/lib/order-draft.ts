/**
 * The items a checkout starts with (from the cart or "buy now"), kept in session storage so
 * the order page survives a reload and the cart never needs to import the order pages.
 */
export interface DraftItem {
  skuId: number;
  quantity: number;
  inputs: Record<string, string>;
  /** The cart line it came from, removed from the cart when the order is created. */
  cartItemId?: number;
}

const KEY = 'simshop.orderDraft';

export function saveOrderDraft(items: DraftItem[]): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(items));
  } catch {
    // Storage disabled: the order page shows its empty state.
  }
}

export function readOrderDraft(): DraftItem[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? (value as DraftItem[]) : [];
  } catch {
    return [];
  }
}

export function clearOrderDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
