import { Bar, Column } from '@ant-design/plots';
import type { ChartSpec } from './chart-spec';

/**
 * A report's chart (@ant-design/plots): columns over time or bars for a ranking, series side by
 * side or stacked, values formatted as the table formats them. Loaded lazily by the page, so the
 * charting library is fetched only when a report is shown. The canvas is an image to assistive
 * technology, named by `label`; the table under it carries the same figures as text.
 */
export default function ReportChart({ spec, label }: { spec: ChartSpec; label: string }) {
  const bars = spec.kind === 'bar';
  const categories = new Set(spec.data.map((d) => d.x)).size;
  const oneSeries = new Set(spec.data.map((d) => d.series)).size === 1;
  const config = {
    data: spec.data,
    xField: 'x',
    yField: 'value',
    colorField: 'series',
    ...(spec.layout === 'stack' ? { stack: true } : { group: true }),
    autoFit: true,
    // Rankings grow with their rows so each bar keeps room for its name.
    height: bars ? Math.max(240, Math.min(categories, 20) * 36 + 80) : 320,
    axis: {
      y: { labelFormatter: (v: number) => spec.format(v), title: false, labelAutoRotate: false, labelAutoHide: true },
      x: { title: false, labelAutoRotate: !bars, labelAutoHide: true },
    },
    // A single series needs no key: the tab and the axis say what it is.
    legend: oneSeries ? (false as const) : { color: { position: 'top' as const, layout: { justifyContent: 'flex-start' } } },
    // One or two bars should not fill the whole chart.
    style: { maxWidth: 48 },
    // Room for the value axis's last label at the right end of a bar chart.
    ...(bars ? { paddingRight: 36 } : {}),
    tooltip: { items: [{ channel: 'y', valueFormatter: (v: number) => spec.format(v) }] },
    animate: false as const,
  };
  return (
    <div role="img" aria-label={label}>
      {bars ? <Bar {...config} /> : <Column {...config} />}
    </div>
  );
}
