import { z } from 'zod';

/**
 * Reseller messages (issue 6): one conversation per reseller with the shop. The reseller
 * writes from the chat page; the shop answers from the owner's command line. Ids only grow, so
 * they serve as the cursors: `before` pages back through history, `after` polls for news.
 */
export const MESSAGE_MAX_LENGTH = 1000;
/** The newest page the chat opens with, and the most one call returns. */
export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_PAGE_MAX = 100;

export const messageSenderSchema = z.enum(['reseller', 'shop']);
export type MessageSender = z.infer<typeof messageSenderSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  /** Who wrote it: the reseller's own bubbles go on the right, the shop's on the left. */
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
  /** The shop's messages the reseller has not read yet. */
  unread: z.number().int(),
});

export const messageContentSchema = z.string().trim().min(1, 'validation.required').max(MESSAGE_MAX_LENGTH, 'validation.too_long');
export const messageSendRequest = z.object({ content: messageContentSchema });
export const messageUnreadResponse = z.object({ unread: z.number().int() });
