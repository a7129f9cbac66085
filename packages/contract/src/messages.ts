import { z } from 'zod';

/**
 * Conversations with the shop (every customer, resellers included): one
 * conversation per customer. The customer writes from the chat page (`message.do`, resellers
 * also through `resell/message.do`); staff answer from the console or the command line. Ids only
 * grow, so they serve as the cursors: `before` pages back through history, `after` polls for news.
 */
export const MESSAGE_MAX_LENGTH = 1000;
/** The newest page the chat opens with, and the most one call returns. */
export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_PAGE_MAX = 100;
/**
 * A customer is away when the shop's answer is still unread this long after it was sent and they
 * have not opened the chat since: then the answer (with any others still unread) goes out once
 * by email, or by SMS when the account has no email.
 */
export const MESSAGE_AWAY_MS = 10 * 60_000;

export const messageSenderSchema = z.enum(['customer', 'shop']);
export type MessageSender = z.infer<typeof messageSenderSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  /** Who wrote it: the customer's own bubbles go on the right, the shop's on the left. */
  from: messageSenderSchema,
  content: z.string(),
  createdAt: z.number().int(),
  /** When the other side read it; null while unread. */
  readAt: z.number().int().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** Message ids are 32-bit integers in PostgreSQL: a larger cursor is refused, not sent to the database. */
const cursor = z.number().int().positive().max(2_147_483_647);

/**
 * No cursor: the newest page. `before`: the page just older than that id. `after`: every message
 * newer than that id (the poll), oldest first, up to `size`. Items are always oldest first.
 */
export const messageListRequest = z
  .object({ before: cursor.optional(), after: cursor.optional(), size: z.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE) })
  .superRefine((v, ctx) => {
    if (v.before !== undefined && v.after !== undefined) ctx.addIssue({ code: 'custom', path: ['after'], message: 'validation.invalid' });
  });
export const messageListResponse = z.object({
  items: z.array(messageSchema),
  /** Older messages exist before the first item. */
  hasOlder: z.boolean(),
  /** The shop's messages the customer has not read yet. */
  unread: z.number().int(),
});

export const messageContentSchema = z.string().trim().min(1, 'validation.required').max(MESSAGE_MAX_LENGTH, 'validation.too_long');
export const messageSendRequest = z.object({ content: messageContentSchema });
export const messageUnreadResponse = z.object({ unread: z.number().int() });
