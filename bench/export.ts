import { EXPORT_MAX_ROWS } from '@simshop/contract';
import { renderTable, type ExportFormat } from '../apps/server/src/lib/spreadsheet.ts';
import { writeResult } from './results-file.ts';

/**
 * The largest export a reseller can ask for (10 000 ECodes or eSIMs), written as CSV and as
 * xlsx: how long the server spends and how big the file is. Rows look like real ECode rows.
 */
export interface ExportResult {
  format: ExportFormat;
  rows: number;
  ms: number;
  bytes: number;
}

export function measureExport(rows = EXPORT_MAX_ROWS, runs = 5): ExportResult[] {
  const table = {
    columns: ['code', 'status', 'product', 'order', 'created', 'sold', 'customised', 'imei', 'activation code'],
    rows: Array.from({ length: rows }, (_, i) => [
      `JT${String(1_000_000_000 + i * 7919).padStart(10, '0')}`,
      i % 3 === 0 ? 'sold' : 'unused',
      'QPE ECode',
      `SO2026112300${String(i % 997).padStart(4, '0')}`,
      '2026-11-23 10:00',
      i % 3 === 0 ? '2026-11-23 11:00' : '',
      '',
      i % 5 === 0 ? `35${String(123456789012 + i).padStart(13, '0')}` : '',
      i % 5 === 0 ? `QPE-${i.toString(36).toUpperCase().padStart(8, '0')}` : '',
    ]),
  };
  return (['csv', 'xlsx'] as const).map((format) => {
    renderTable(table, format); // warm-up
    const times: number[] = [];
    let bytes = 0;
    for (let r = 0; r < runs; r++) {
      const started = performance.now();
      bytes = renderTable(table, format).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { format, rows, ms: Math.round(times[Math.floor(times.length / 2)]!), bytes };
  });
}

export function exportMarkdown(exports: ExportResult[]): string {
  return [
    `## Largest export (rendering the file, median of 5)`,
    ``,
    `| format | rows | ms | size |`,
    `|---|---|---|---|`,
    ...exports.map((e) => `| ${e.format} | ${e.rows} | ${e.ms} | ${(e.bytes / 1024).toFixed(1)} KB |`),
  ].join('\n');
}

// `npx tsx bench/export.ts`: writes bench/results/export.{md,json}.
if (import.meta.url === `file://${process.argv[1]}`) {
  const exports = measureExport();
  console.log(writeResult('export', { title: 'Exports', command: 'npx tsx bench/export.ts', data: { exports }, body: exportMarkdown(exports) }));
}
