import { describe, expect, it } from 'vitest';
import type { Message } from '@simshop/contract';
import { conversationReducer, emptyConversation } from './conversation';

const m = (id: number, from: Message['from'] = 'customer'): Message => ({ id, from, content: `m${id}`, createdAt: id, readAt: null });

describe('the chat conversation', () => {
  it('keeps messages once each, in id order, whatever order they arrive in', () => {
    let s = conversationReducer(emptyConversation, { type: 'newest', items: [m(5), m(6)], hasOlder: true });
    expect(s).toMatchObject({ loaded: true, hasOlder: true });
    s = conversationReducer(s, { type: 'news', items: [m(7, 'shop')] });
    s = conversationReducer(s, { type: 'news', items: [m(7, 'shop'), m(8)] });
    s = conversationReducer(s, { type: 'older', items: [m(3), m(4)], hasOlder: false });
    expect(s.items.map((x) => x.id)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(s.hasOlder).toBe(false);
    // A later newest page (a refetch) does not bring back "older exist".
    expect(conversationReducer(s, { type: 'newest', items: [m(8)], hasOlder: true }).hasOlder).toBe(false);
  });

  it('returns the same state when a poll brings nothing, so nothing re-renders', () => {
    const s = conversationReducer(emptyConversation, { type: 'newest', items: [m(1)], hasOlder: false });
    expect(conversationReducer(s, { type: 'news', items: [] })).toBe(s);
  });
});
