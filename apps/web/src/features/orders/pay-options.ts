import { methodFee, type ResponseOf } from '@simshop/contract';

type PayOption = ResponseOf<'order', 'payment_methods'>['options'][number];

/** What paying by card adds to a checkout: the fee on each order it becomes, as the server charges it. */
export const cardFeeOf = (parts: ReadonlyArray<{ total: number }>): number => parts.reduce((n, p) => n + methodFee('card', p.total), 0);

export interface PayChoices {
  /** The methods that can be used here; nothing else is offered. */
  usable: PayOption[];
  /** Chosen at first: the first usable one that adds no fee, else the first usable one. */
  preferred: PayOption | undefined;
  /** WeChat Pay is taken but this is not WeChat's browser: said once, as the reason it is missing. */
  wechatOutside: boolean;
  /** A reseller's balance that cannot pay this order (not enough, locked): said once, with why. */
  balanceRefused: PayOption | undefined;
}

/**
 * The payment step's methods: only those usable here are offered. A method the shop does not take
 * is left out without a word; the two a customer could act on (open WeChat, top up the balance)
 * are named once with the reason.
 */
export function payChoices(options: readonly PayOption[], inWechat: boolean): PayChoices {
  const usable = options.filter((o) => o.available && (o.method !== 'wechat' || inWechat));
  return {
    usable,
    preferred: usable.find((o) => o.serviceFee === 0) ?? usable[0],
    wechatOutside: !inWechat && options.some((o) => o.method === 'wechat' && o.available),
    balanceRefused: options.find((o) => o.method === 'balance' && !o.available && o.reason !== null),
  };
}
