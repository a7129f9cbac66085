import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

/** 0047: a staff member's choice to be mailed when background work fails; no row is "no". */
export interface StaffAlertSettingsTable {
  staff_id: number;
  /** 1: mail this member the shop's failure alerts. */
  ops_alerts: Generated<number>;
  /** The language of the alert mails (the console's when they chose); null: the shop's default. */
  language: string | null;
  updated_at: Millis;
}

/** 0047: one row per kind of alert: when one last went out, and up to when its events were told. */
export interface OpsAlertThrottleTable {
  kind: string;
  last_sent_at: Millis;
  /** Events of this kind up to this time are in an alert already (the eSIM delays' watermark). */
  covered_until: Millis;
}

/** 0047: what one alert said (JSON), for the jobs that mail and post it. */
export interface OpsAlertsTable {
  id: Generated<number>;
  kind: string;
  body: string;
  created_at: Millis;
}
