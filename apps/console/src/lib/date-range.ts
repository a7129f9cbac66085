import dayjs, { type Dayjs } from 'dayjs';

/** A date-range filter kept in the address as epoch milliseconds: from the first day's start to the day after the last. */
export function rangeToMillis(range: [Dayjs | null, Dayjs | null] | null): { from: number | undefined; to: number | undefined } {
  const [start, end] = range ?? [null, null];
  return { from: start ? start.startOf('day').valueOf() : undefined, to: end ? end.add(1, 'day').startOf('day').valueOf() : undefined };
}

export function dayjsRange(from: string | undefined, to: string | undefined): [Dayjs, Dayjs] | null {
  if (!from || !to) return null;
  return [dayjs(Number(from)), dayjs(Number(to)).subtract(1, 'day')];
}
