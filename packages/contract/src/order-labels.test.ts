import { describe, expect, it } from 'vitest';
import { enumTexts } from './enum-texts.ts';
import { OrderStatus } from './enums.ts';
import { orderActorOf, orderStatusLabelKeyFor } from './orders.ts';
import { ProductKind } from './catalogue.ts';

describe('orderStatusLabelKeyFor', () => {
  it('says "awaiting shipment" only of paid goods sent by courier', () => {
    expect(orderStatusLabelKeyFor(OrderStatus.paid, { kinds: ['sim'] })).toBe('enum.orderStatus.paid');
    expect(orderStatusLabelKeyFor(OrderStatus.paid, { kinds: ['sim', 'esim'] })).toBe('enum.orderStatus.paid');
    expect(orderStatusLabelKeyFor(OrderStatus.paid)).toBe('enum.orderStatus.paid');
  });

  it('says what happens to a paid download, by its kind', () => {
    expect(enumTexts.en[orderStatusLabelKeyFor(OrderStatus.paid, { kinds: ['esim'] })]).toBe('Paid (eSIM being issued)');
    expect(enumTexts['zh-Hans'][orderStatusLabelKeyFor(OrderStatus.paid, { kinds: ['esim', 'esim'] })]).toBe('已付款（eSIM 发放中）');
    expect(orderStatusLabelKeyFor(OrderStatus.paid, { kinds: ['esim_addon'] })).toBe('enum.orderPaidStep.esim_addon');
    expect(orderStatusLabelKeyFor(OrderStatus.paid, { kinds: ['topup'] })).toBe('enum.orderPaidStep.recharge');
    expect(orderStatusLabelKeyFor(OrderStatus.paid, { kinds: ['esim', 'ecode'] })).toBe('enum.orderPaidStep.mixed');
  });

  it('says a paid pickup order is being prepared, and leaves other statuses alone', () => {
    expect(orderStatusLabelKeyFor(OrderStatus.paid, { pickup: true, kinds: ['sim'] })).toBe('enum.orderPaidStep.pickup');
    expect(orderStatusLabelKeyFor(OrderStatus.delivered, { kinds: ['esim'] })).toBe('enum.orderStatus.delivered');
    expect(orderStatusLabelKeyFor(OrderStatus.refunded, { pickup: true })).toBe('enum.orderStatus.refunded');
  });

  it('has a text in both languages for every kind an order can hold', () => {
    for (const kind of Object.values(ProductKind)) {
      const key = orderStatusLabelKeyFor(OrderStatus.paid, { kinds: [kind] });
      expect(enumTexts.en[key], key).toMatch(/\S/);
      expect(enumTexts['zh-Hans'][key], key).toMatch(/\S/);
    }
  });
});

describe('orderActorOf', () => {
  it('names each recorded actor', () => {
    expect(orderActorOf('user:42')).toEqual({ kind: 'customer', name: '' });
    expect(orderActorOf('system:rule')).toEqual({ kind: 'rule', name: '' });
    expect(orderActorOf('system')).toEqual({ kind: 'system', name: '' });
    expect(orderActorOf('admin:owner@example.com')).toEqual({ kind: 'staff', name: 'owner@example.com' });
    expect(orderActorOf('admin:cli:root')).toEqual({ kind: 'staff', name: 'cli:root' });
    expect(orderActorOf('provider:sandbox')).toEqual({ kind: 'provider', name: 'sandbox' });
  });

  it('takes anything unknown as the system, never as a person', () => {
    expect(orderActorOf('admin:')).toEqual({ kind: 'system', name: '' });
    expect(orderActorOf('robot')).toEqual({ kind: 'system', name: '' });
  });
});
