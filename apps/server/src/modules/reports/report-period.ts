import { REPORT_MAX_DAYS, serverErrors, type ReportBucket } from '@simshop/contract';
import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../../lib/app-error.ts';

/**
 * A report's period in a time zone: the instants its first and last day start and end at, and
 * how to turn an instant column into the local calendar day in SQL on both SQLite (no time zone
 * support) and PostgreSQL. The zone's UTC offset is constant between its daylight-saving
 * changes, so the period is cut into a few segments (one per change, found here with Intl) and
 * the local day is `(t + offset) / 86400000` with the offset picked by a CASE of at most a few
 * branches: no per-day table, no per-row work outside the database. Not handled: a zone whose
 * offset changes more than a few times a year (none does) still works, with more branches.
 */

const DAY = 86_400_000;

// Making a formatter costs far more than using one (a year's period asks for about a thousand
// offsets): one per zone, kept for the process (zones are few: the staff's browsers').
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** How far a time zone's clock is ahead of UTC at an instant, in ms. */
export function zoneOffset(timeZone: string, at: number): number {
  const parts = formatterOf(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/** Midnight at the start of a local calendar day (days since 1970-01-01) in a zone. */
export function localMidnight(timeZone: string, day: number): number {
  const wall = day * DAY;
  const guess = wall - zoneOffset(timeZone, wall);
  // The offset at midnight may differ from the one at the first guess: a second pass settles it.
  return wall - zoneOffset(timeZone, guess);
}

export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
export const dayDate = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

export interface OffsetSegment {
  /** The segment ends before this instant; null: the last one. */
  until: number | null;
  offset: number;
}

export interface ReportPeriod {
  firstDay: number;
  lastDay: number;
  /** [start, end) as instants. */
  start: number;
  end: number;
  days: number;
  segments: OffsetSegment[];
}

/** The instant in (lo, hi] at which the zone's offset changes from the one at lo, to the second. */
function changeBetween(timeZone: string, lo: number, hi: number): number {
  const before = zoneOffset(timeZone, lo);
  let a = lo;
  let b = hi;
  while (b - a > 1000) {
    const mid = a + Math.floor((b - a) / 2000) * 1000;
    if (zoneOffset(timeZone, mid) === before) a = mid;
    else b = mid;
  }
  return b;
}

/** Checks the dates (catalogue errors) and works out the period's instants and offset segments. */
export function reportPeriod(input: { from: string; to: string; timeZone: string }): ReportPeriod {
  const firstDay = dayNumber(input.from);
  const lastDay = dayNumber(input.to);
  if (lastDay < firstDay) throw new AppError(serverErrors.reportPeriodInvalid, 'to');
  const days = lastDay - firstDay + 1;
  if (days > REPORT_MAX_DAYS) throw new AppError(serverErrors.reportPeriodTooLong, 'to', { days: REPORT_MAX_DAYS });
  const midnights = Array.from({ length: days + 1 }, (_, i) => localMidnight(input.timeZone, firstDay + i));
  const segments: OffsetSegment[] = [];
  let offset = zoneOffset(input.timeZone, midnights[0]!);
  for (let i = 1; i < midnights.length; i++) {
    const next = zoneOffset(input.timeZone, midnights[i]!);
    if (next !== offset) {
      segments.push({ until: changeBetween(input.timeZone, midnights[i - 1]!, midnights[i]!), offset });
      offset = next;
    }
  }
  segments.push({ until: null, offset });
  return { firstDay, lastDay, start: midnights[0]!, end: midnights[days]!, days, segments };
}

const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return sql.lit(n);
};

/**
 * The local calendar day (days since 1970-01-01) of an epoch-ms column, in SQL. Literals, not
 * parameters: PostgreSQL cannot type a parameter in a CASE branch, and these are computed integers.
 */
export function localDaySql(column: RawBuilder<unknown>, segments: readonly OffsetSegment[]): RawBuilder<number> {
  const offset =
    segments.length === 1
      ? int(segments[0]!.offset)
      : sql`case ${sql.join(
          segments.map((s) => (s.until === null ? sql`else ${int(s.offset)}` : sql`when ${column} < ${int(s.until)} then ${int(s.offset)}`)),
          sql` `,
        )} end`;
  return sql<number>`((${column} + ${offset}) / ${int(DAY)})`;
}

/** The first day of the bucket a local day falls in: itself, its week's Monday, or its month's 1st. */
export function bucketOf(day: number, bucket: ReportBucket): number {
  if (bucket === 'day') return day;
  if (bucket === 'week') return day - ((new Date(day * DAY).getUTCDay() + 6) % 7);
  const d = new Date(day * DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY;
}

/** Every bucket of the period, in order (each as its first day), so empty ones show as zero. */
export function bucketsOf(period: ReportPeriod, bucket: ReportBucket): number[] {
  const out: number[] = [];
  for (let day = period.firstDay; day <= period.lastDay; day++) {
    const b = bucketOf(day, bucket);
    if (out[out.length - 1] !== b) out.push(b);
  }
  return out;
}
