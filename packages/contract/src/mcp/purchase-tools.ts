import { z } from 'zod';
import { productKindSchema } from '../catalogue.ts';
import { currencySchema, ecodeStatusSchema, languageSchema, orderStatusSchema } from '../enums.ts';

/**
 * Buying through an assistant, always in two steps: `preview_purchase` says what would be
 * bought, its price and the balance after (nothing is written but the preview itself), and
 * `confirm_purchase` carries the preview's token and pays from the balance. The customer sets
 * the most an assistant may spend a day on the consent page (the `buy` scope). Also the
 * reseller tools' inputs and answers (wholesale prices, balance, ECodes).
 */
const language = languageSchema.default('en').describe('The language of the answer: "en" (English, the default) or "zh-Hans" (Simplified Chinese).');

/** How long a preview can be confirmed. */
export const MCP_PREVIEW_TTL_MS = 15 * 60_000;
/** The most a customer may let an assistant spend a day, in major units of the currency chosen. */
export const MCP_DAILY_AMOUNT_MAX = 100_000;
export const MCP_QUANTITY_MAX = 100;

export const previewPurchaseInput = z.object({
  skuId: z.number().int().positive().describe('The plan\'s SKU id, as find_plans (skuId) or wholesale_catalogue gives it.'),
  quantity: z.number().int().min(1).max(MCP_QUANTITY_MAX).default(1).describe(`How many (1 to ${MCP_QUANTITY_MAX}, 1 by default; a top-up is one).`),
  esimId: z.number().int().positive().optional().describe('To top up one of the customer\'s eSIMs with data: its id as my_esims gives it; skuId is then a data add-on that fits it.'),
  language,
});
export const previewPurchaseOutput = z.object({
  /** Pass it to confirm_purchase; valid for 15 minutes. */
  previewToken: z.string(),
  expiresAt: z.number().int(),
  productId: z.number().int(),
  skuId: z.number().int(),
  kind: productKindSchema,
  name: z.string(),
  /** A top-up: the eSIM the data goes to. */
  esimId: z.number().int().nullable(),
  quantity: z.number().int(),
  /** In minor units (cents, fen). */
  unitPrice: z.number().int(),
  total: z.number().int(),
  currency: currencySchema,
  totalText: z.string(),
  paidFrom: z.literal('balance'),
  /** null: no balance in this currency. */
  balanceBefore: z.number().int().nullable(),
  balanceAfter: z.number().int().nullable(),
  /** The customer's daily amount for this assistant and what it spent today (UTC), in the same currency. */
  dailyAmount: z.number().int(),
  spentToday: z.number().int(),
  /** Whether confirm_purchase would go through now (enough balance, within the daily amount). */
  payable: z.boolean(),
});
export const confirmPurchaseInput = z.object({
  previewToken: z.string().min(10).max(100).describe('The previewToken preview_purchase answered.'),
  language,
});
export const confirmPurchaseOutput = z.object({
  orderNo: z.string(),
  status: orderStatusSchema,
  total: z.number().int(),
  currency: currencySchema,
  totalText: z.string(),
  balanceAfter: z.number().int().nullable(),
  /** The same preview confirmed again: the order it placed the first time, nothing new. */
  alreadyConfirmed: z.boolean(),
});

export const wholesaleCatalogueInput = z.object({
  kind: productKindSchema.optional().describe('Only products of this kind, e.g. "ecode" or "esim".'),
  currency: currencySchema.optional().describe('Prices in "USD" or "CNY"; by default USD for English, CNY for Chinese.'),
  page: z.number().int().min(1).max(1000).default(1).describe('The page of 10 products, from 1.'),
  language,
});
export const wholesaleCatalogueOutput = z.object({
  products: z.array(
    z.object({
      productId: z.number().int(),
      kind: productKindSchema,
      name: z.string(),
      currency: currencySchema,
      /** From this quantity on, the wholesale price applies (null: from one). */
      wholesaleMinQty: z.number().int().nullable(),
      skus: z.array(z.object({ skuId: z.number().int(), option: z.string(), price: z.number().int(), wholesalePrice: z.number().int().nullable(), soldOut: z.boolean() })),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
});
export const balanceInput = z.object({ language });
export const balanceOutput = z.object({ balances: z.array(z.object({ currency: currencySchema, amount: z.number().int(), amountText: z.string(), locked: z.boolean() })) });
export const myEcodesInput = z.object({
  status: ecodeStatusSchema.optional().describe('Only codes in this state.'),
  limit: z.number().int().min(1).max(50).default(20).describe('How many of the newest codes (1 to 50, 20 by default).'),
  language,
});
export const myEcodesOutput = z.object({
  ecodes: z.array(z.object({ code: z.string(), status: ecodeStatusSchema, productName: z.string(), orderNo: z.string().nullable(), createdAt: z.number().int() })),
  total: z.number().int(),
});
