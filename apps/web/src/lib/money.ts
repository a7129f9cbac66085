import { formatMoney } from '@simshop/contract';

/** Minor units in the shop's currency, e.g. 1999 USD → "$19.99". */
export const money = (minor: number, currency: string) => formatMoney(minor, currency as 'USD');
