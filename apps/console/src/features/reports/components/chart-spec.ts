/**
 * What a report's chart draws, kept apart from the charting library so the page can build it
 * without loading the library (the chart itself is loaded when first shown).
 */
export interface ChartPoint {
  /** The category or bucket on the axis (a date, a product, a destination...). */
  x: string;
  /** The series the value belongs to, already in the reader's language. */
  series: string;
  value: number;
}

export interface ChartSpec {
  /** Columns over time, or horizontal bars for rankings (long names stay readable). */
  kind: 'column' | 'bar';
  data: ChartPoint[];
  /** Series side by side, or stacked (parts of one whole). */
  layout: 'group' | 'stack';
  /** Formats an axis value and a tooltip value (money in its currency, counts, days). */
  format: (value: number) => string;
}
