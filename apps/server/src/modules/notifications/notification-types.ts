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
      /** The checkout's first order: the event's key, so one checkout is one mail. */
      orderNo: string;
      /** Every order of the checkout (one per merchant), listed in the one mail; just `orderNo` when absent. */
      orderNos?: string[] | undefined;
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
      /** An EU consumer's withdrawal, acknowledged on a durable medium: `refund` when the money goes back at once (digital), else a return. */
      kind: 'withdrawal_received';
      userId: number;
      orderNo: string;
      at: number;
      refund: boolean;
    }
  | {
      kind: 'usage_alert';
      userId: number;
      esimId: number;
      threshold: UsageThreshold;
      /** The plan with its add-ons when the threshold was reached (a top-up makes a new one). */
      planKey: string;
      /** What the sweep saw: MB used of MB in the plan (null: unlimited or unknown), and the end. */
      usedMb: number | null;
      dataMb: number | null;
      expiresAt: number | null;
    }
  | {
      /** A reseller's money alert: the API's spending passed 80 % of the day's limit, or the balance fell below a webhook endpoint's threshold. */
      kind: 'balance_alert';
      userId: number;
      alert: 'spend_limit' | 'balance_low';
      currency: string;
      /** Minor units: spent today (spend_limit) or the balance now (balance_low). */
      amount: number;
      /** Minor units: the day's limit, or the threshold crossed. */
      limit: number;
      /** What makes it one alert: the UTC day of a spend limit's warning, the crossing of a low balance. */
      once: string;
    }
  | {
      kind: 'chat_answered';
      userId: number;
      messageId: number;
      quotes: string[];
    };

/** 75 % and 90 % of an eSIM's data used; 3 days and 1 day before its plan ends. */
export const USAGE_THRESHOLDS = ['data_75', 'data_90', 'days_3', 'days_1'] as const;
export type UsageThreshold = (typeof USAGE_THRESHOLDS)[number];

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
  'usage_alert',
  'withdrawal_received',
  'balance_alert',
] as const satisfies readonly NotificationKind[];

/** The messages a customer may turn off in Mine; every other one is transactional. */
export const OPTIONAL_KINDS: ReadonlySet<string> = new Set<NotificationKind>(['chat_answered', 'usage_alert']);

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
  /** An order-placed mail's orders, the first being `order`. */
  orders?: OrderDetail[] | undefined;
  pickupStore?: Store | null | undefined;
  esims?: MailEsim[] | undefined;
}

/** Reads the facts of one event in the customer's language; null when what it names is gone. */
export type FactsLoader = (db: Executor, event: NotificationEvent, lang: Language) => Promise<NotificationFacts | null>;
