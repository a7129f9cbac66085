import { describe, expect, it, vi } from 'vitest';
import { cartBadge, cartCountFrom, decreaseCartCount, getCartCount, setCartCount, subscribeCartCount } from './cart-count';

describe('cart count', () => {
  it('reads a stored total-info value defensively', () => {
    expect(cartCountFrom({ cart: 4 })).toBe(4);
    expect(cartCountFrom({ cart: '2' })).toBe(2);
    expect(cartCountFrom({ cart: -3 })).toBe(0);
    expect(cartCountFrom({ cart: 'x' })).toBe(0);
    expect(cartCountFrom(null)).toBe(0);
    expect(cartCountFrom('5')).toBe(0);
  });

  it('sets and decreases, never below zero, telling subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeCartCount(listener);
    setCartCount(2);
    setCartCount(3);
    setCartCount(6);
    expect(getCartCount()).toBe(6);
    decreaseCartCount(10);
    expect(getCartCount()).toBe(0);
    setCartCount(0);
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    setCartCount(1);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('shows no badge at zero and keeps large counts compact', () => {
    expect(cartBadge(0)).toBeUndefined();
    expect(cartBadge(1)).toBe('1');
    expect(cartBadge(120)).toBe('99+');
  });
});
