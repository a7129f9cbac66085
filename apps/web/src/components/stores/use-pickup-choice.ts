import { useState } from 'react';

export type PickupMode = 'delivery' | 'store';
export interface PickupChoice {
  mode: PickupMode;
  storeId: number | null;
}

/**
 * Delivery or store pickup at checkout: what the order draft carries (`pickupStoreId`) and
 * whether the choice is complete (a store picked when pickup is chosen). It lives with the page:
 * pickup needs no trip to the address book.
 */
export function usePickupChoice() {
  const [choice, set] = useState<PickupChoice>({ mode: 'delivery', storeId: null });
  const request = choice.mode === 'store' && choice.storeId !== null ? { pickupStoreId: choice.storeId } : {};
  return { choice, set, request, incomplete: choice.mode === 'store' && choice.storeId === null };
}
