import dayjs, { type Dayjs } from 'dayjs';

/**
 * The period presets, in the browser's time zone (the one the page names and sends): whole days,
 * both ends included, as the server takes them.
 */
export const PERIOD_PRESETS = ['days7', 'days30', 'this-month', 'last-month', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const isoDay = (d: Dayjs) => d.format('YYYY-MM-DD');

export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const day = today.startOf('day');
  switch (preset) {
    case 'days7':
      return [day.subtract(6, 'day'), day];
    case 'days30':
      return [day.subtract(29, 'day'), day];
    case 'this-month':
      return [day.startOf('month'), day];
    case 'last-month': {
      const first = day.subtract(1, 'month').startOf('month');
      return [first, first.endOf('month').startOf('day')];
    }
  }
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
