import { z } from 'zod';
import { roleSchema } from '../enums.ts';
import { MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE, messageContentSchema, messageSchema } from '../messages.ts';
import { adminId, adminListRequest, adminListResponse, searchText } from './common.ts';
import { bilingualNameSchema } from './customers.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';
import {
  messageContextRequest,
  messageContextResponse,
  savedReplyCreateRequest,
  savedReplyDeleteRequest,
  savedReplyDeleteResponse,
  savedReplyListRequest,
  savedReplyListResponse,
  savedReplySchema,
  savedReplyUpdateRequest,
} from './saved-replies.ts';

export * from './saved-replies.ts';

/**
 * The shop's side of customer conversations and of
 * product comments, in the console. Conversations are listed unread first; opening one marks
 * what the customer wrote as read.
 * Comments can be hidden from the shop's goods page (never deleted) and answered as the shop.
 */
export const conversationSchema = z.object({
  /** The customer's account id: the conversation's key. */
  userId: z.number().int(),
  email: z.string().nullable(),
  tel: z.string().nullable(),
  nickname: z.string(),
  role: roleSchema,
  messages: z.number().int(),
  /** What the customer wrote that the shop has not read yet. */
  unread: z.number().int(),
  last: messageSchema,
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListRequest = adminListRequest(['lastAt'] as const, {
  /** The customer's email, phone number or nickname. */
  q: searchText,
  /** Only conversations with something unread. */
  unread: z.boolean().optional(),
});
export const conversationListResponse = adminListResponse(conversationSchema).extend({
  /** Conversations with unread messages, whatever the filters. */
  unreadConversations: z.number().int(),
});

const cursor = adminId;
export const threadRequest = z
  .object({ userId: adminId, before: cursor.optional(), size: z.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE) })
  .strict();
export const threadResponse = z.object({
  customer: z.object({ id: z.number().int(), email: z.string().nullable(), tel: z.string().nullable(), nickname: z.string(), role: roleSchema }),
  /** Oldest first. */
  items: z.array(messageSchema),
  hasOlder: z.boolean(),
});

export const replyRequest = z.object({ userId: adminId, content: messageContentSchema }).strict();

export const COMMENT_REPLY_MAX_LENGTH = 1000;

export const adminCommentSchema = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), key: z.string(), name: bilingualNameSchema }),
  /** The customer who wrote it (null for comments the shop imported). */
  userId: z.number().int().nullable(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  content: z.string(),
  images: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.number().int().nullable(),
  /** Hidden comments never show on the shop's goods page. */
  hidden: z.boolean(),
  createdAt: z.number().int(),
  /** Reviews: 1 to 5, the uploaded pictures' addresses, the order item reviewed. */
  rating: z.number().int().nullable(),
  pictures: z.array(z.string()),
  orderItemId: z.number().int().nullable(),
});
export type AdminComment = z.infer<typeof adminCommentSchema>;

export const commentListRequest = adminListRequest(['createdAt'] as const, {
  productId: adminId.optional(),
  hidden: z.boolean().optional(),
  replied: z.boolean().optional(),
  /** Reviews with this many stars. */
  rating: z.number().int().min(1).max(5).optional(),
  /** The comment's text or the writer's nickname. */
  q: searchText,
});
export const commentListResponse = adminListResponse(adminCommentSchema);

/** The products that have comments, for the product filter. */
export const commentProductsResponse = z.object({
  items: z.array(z.object({ id: z.number().int(), key: z.string(), name: bilingualNameSchema, comments: z.number().int() })),
});

export const commentHideRequest = z.object({ id: adminId, hidden: z.boolean() }).strict();
/** An empty reply removes the shop's answer. */
export const commentReplyRequest = z.object({ id: adminId, reply: z.string().trim().max(COMMENT_REPLY_MAX_LENGTH, 'validation.too_long') }).strict();

export const adminMessageEndpoint = adminEndpoint('message', 'messages and comments', {
  conversations: defineAdminAction({ permission: 'messages.read', write: false, summary: 'Every customer conversation, unread first, then newest', request: conversationListRequest, response: conversationListResponse }),
  thread: defineAdminAction({ permission: 'messages.read', write: false, summary: "One customer's conversation, a page at a time; marks what the customer wrote as read", request: threadRequest, response: threadResponse }),
  reply: defineAdminAction({ permission: 'messages.write', write: true, summary: 'Answers a customer as the shop: they see it in their messages, or get it by email or SMS when away', request: replyRequest, response: messageSchema }),
  context: defineAdminAction({ permission: 'messages.read', write: false, summary: "Beside a conversation: the customer's newest orders and eSIMs, and their balances", request: messageContextRequest, response: messageContextResponse }),
  saved_replies: defineAdminAction({ permission: 'messages.read', write: false, summary: "The shop's saved replies, in one language or both, by title", request: savedReplyListRequest, response: savedReplyListResponse }),
  saved_reply_create: defineAdminAction({ permission: 'messages.write', write: true, summary: 'Saves a reply in one language for staff to insert into an answer', request: savedReplyCreateRequest, response: savedReplySchema }),
  saved_reply_update: defineAdminAction({ permission: 'messages.write', write: true, summary: "Changes a saved reply's language, title or text", request: savedReplyUpdateRequest, response: savedReplySchema }),
  saved_reply_delete: defineAdminAction({ permission: 'messages.write', write: true, summary: 'Deletes a saved reply', request: savedReplyDeleteRequest, response: savedReplyDeleteResponse }),
  comments: defineAdminAction({ permission: 'comments.write', write: false, summary: 'Product comments by product, hidden or not, answered or not, newest first', request: commentListRequest, response: commentListResponse }),
  comment_products: defineAdminAction({ permission: 'comments.write', write: false, summary: 'The products that have comments', request: z.object({}).strict(), response: commentProductsResponse }),
  comment_hide: defineAdminAction({ permission: 'comments.write', write: true, summary: "Hides a comment from the shop's goods page, or shows it again", request: commentHideRequest, response: adminCommentSchema }),
  comment_reply: defineAdminAction({ permission: 'comments.write', write: true, summary: "Answers a comment as the shop (shown under it on the goods page); empty removes the answer", request: commentReplyRequest, response: adminCommentSchema }),
});
