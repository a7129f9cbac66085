import { z } from 'zod';
import { currencySchema } from './enums.ts';

/** Userinfo (SPEC §3): what the client keeps under the user-info storage key. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  avatar: z.string().nullable(),
  nickname: z.string(),
  name: z.string(),
  tel: z.string().nullable(),
  email: z.string().nullable(),
  role: z.number().int(),
  /** The currency chosen in Mine for prices, cart and orders; null: the language's default. */
  currency: currencySchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const emptyRequest = z.object({}).strict();
/** Mine: the currency to see prices and pay in; null goes back to the language's default. */
export const setCurrencyRequest = z.object({ currency: currencySchema.nullable() });
