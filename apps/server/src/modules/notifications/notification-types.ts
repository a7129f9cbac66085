import type { Language, OrderDetail, Store } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';

/**
 * The events the shop tells a customer about. Each names what it is about; the facts (amounts,
 * codes, tracking) are read when the message is built, so a retry shows the same order.
 */
export type NotificationEvent =
  | {
      kind: 'order_placed';
      userId: number;
      orderNo: string;
      language: Language;
    }
  | {
      kind: 'payment_received' | 'esim_ready' | 'shipped' | 'pickup_ready';
      userId: number;
      orderNo: string;
    }
  | {
      kind: 'refund_approved' | 'refund_paid';
      userId: number;
      orderNo: string;
      amount: number;
    }
  | { kind: 'esim_installed'; userId: number; esimId: number }
  | {
      kind: 'chat_answered';
      userId: number;
      messageId: number;
      quotes: string[];
    };

export type NotificationKind = NotificationEvent['kind'];
export const NOTIFICATION_KINDS = [
  'order_placed',
  'payment_received',
  'esim_ready',
  'shipped',
  'pickup_ready',
  'refund_approved',
  'refund_paid',
  'esim_installed',
  'chat_answered',
] as const satisfies readonly NotificationKind[];

/** The messages a customer may turn off in Mine; every other one is transactional. */
export const OPTIONAL_KINDS: ReadonlySet<string> = new Set<NotificationKind>(['chat_answered']);

/** One eSIM as a mail shows it. */
export interface MailEsim {
  id: number;
  name: string;
  plan: string[];
  activationCode: string;
  dpAddress: string;
  lpa: string;
  iccid: string | null;
}

/** Who gets the message. */
export interface Recipient {
  email: string | null;
  tel: string | null;
  active: boolean;
}

/** What a message is built from: read from the orders, eSIMs and chat when it is sent. */
export interface NotificationFacts {
  recipient: Recipient;
  order?: OrderDetail | undefined;
  pickupStore?: Store | null | undefined;
  esims?: MailEsim[] | undefined;
}

/** Reads the facts of one event in the customer's language; null when what it names is gone. */
export type FactsLoader = (db: Executor, event: NotificationEvent, lang: Language) => Promise<NotificationFacts | null>;
