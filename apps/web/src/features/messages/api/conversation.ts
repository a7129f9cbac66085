import type { Message } from '@simshop/contract';

/** The conversation as the chat page holds it: every message seen so far, oldest first, once each. */
export interface Conversation {
  readonly items: readonly Message[];
  /** Older messages exist before the first item. */
  readonly hasOlder: boolean;
  /** The newest page has arrived at least once. */
  readonly loaded: boolean;
}

export const emptyConversation: Conversation = { items: [], hasOlder: false, loaded: false };

export type ConversationEvent =
  | { readonly type: 'newest'; readonly items: readonly Message[]; readonly hasOlder: boolean }
  | { readonly type: 'older'; readonly items: readonly Message[]; readonly hasOlder: boolean }
  | { readonly type: 'news'; readonly items: readonly Message[] };

/** Merges by id: a message that arrives twice (a poll racing a send) is shown once, in id order. */
function merge(a: readonly Message[], b: readonly Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const m of a) byId.set(m.id, m);
  for (const m of b) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

export function conversationReducer(state: Conversation, event: ConversationEvent): Conversation {
  switch (event.type) {
    case 'newest':
      // A fresh newest page says whether older ones exist only the first time; after that the
      // oldest item already held decides.
      return { items: merge(state.items, event.items), hasOlder: state.loaded ? state.hasOlder : event.hasOlder, loaded: true };
    case 'older':
      return { ...state, items: merge(event.items, state.items), hasOlder: event.hasOlder };
    case 'news':
      return event.items.length === 0 ? state : { ...state, items: merge(state.items, event.items) };
  }
}
