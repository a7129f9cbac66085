import { z } from 'zod';
import { languageSchema } from '../enums.ts';
import { MESSAGE_MAX_LENGTH } from '../messages.ts';
import { adminId } from './common.ts';
import { adminBalanceSchema, customerEsimSchema, customerOrderSchema } from './customers.ts';

/**
 * What staff answering a conversation need beside it: the customer's latest orders and eSIMs and
 * their balances (read from the orders, eSIM and balance modules), and the shop's saved replies,
 * kept per language so the answer goes out in the customer's language.
 */

/** How many of the newest orders and eSIMs the context shows (the customer page has the rest). */
export const MESSAGE_CONTEXT_ITEMS = 5;

export const messageContextRequest = z.object({ userId: adminId }).strict();
export const messageContextResponse = z.object({
  /** Newest first, at most MESSAGE_CONTEXT_ITEMS; `orderCount` counts them all. */
  orders: z.array(customerOrderSchema),
  orderCount: z.number().int(),
  esims: z.array(customerEsimSchema),
  esimCount: z.number().int(),
  balances: z.array(adminBalanceSchema),
  /** The language the shop writes to them in (their notifications'; English until known): saved replies of it come first. */
  language: languageSchema,
});
export type MessageContext = z.infer<typeof messageContextResponse>;

export const SAVED_REPLY_TITLE_MAX = 60;
/** The most saved replies one list answers (by language, then title): a picker, not a knowledge base. */
export const SAVED_REPLIES_LIST_MAX = 500;

export const savedReplySchema = z.object({
  id: z.number().int(),
  language: languageSchema,
  title: z.string(),
  content: z.string(),
  /** Who last wrote it (their email, or cli:<user>). */
  updatedBy: z.string(),
  updatedAt: z.number().int(),
});
export type SavedReply = z.infer<typeof savedReplySchema>;

export const savedReplyTitleSchema = z.string().trim().min(1, 'validation.required').max(SAVED_REPLY_TITLE_MAX, 'validation.too_long');
/** A saved reply is inserted into the reply box, so it obeys the message's own limit. */
export const savedReplyContentSchema = z.string().trim().min(1, 'validation.required').max(MESSAGE_MAX_LENGTH, 'validation.too_long');

/** No language: both, each sorted by title. */
export const savedReplyListRequest = z.object({ language: languageSchema.optional() }).strict();
export const savedReplyListResponse = z.object({ items: z.array(savedReplySchema) });
export const savedReplyCreateRequest = z.object({ language: languageSchema, title: savedReplyTitleSchema, content: savedReplyContentSchema }).strict();
export const savedReplyUpdateRequest = savedReplyCreateRequest.extend({ id: adminId }).strict();
export const savedReplyDeleteRequest = z.object({ id: adminId }).strict();
export const savedReplyDeleteResponse = z.object({ id: z.number().int() });
