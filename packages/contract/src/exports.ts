import { z } from 'zod';

/**
 * Exports (SPEC §5 "Export"): the user asks for up to `quantity` rows (at most the total shown)
 * as CSV or Excel; the server writes the file and answers with a download token for
 * `GET /fetch/mall/v2/download?file=<token>`. Nothing to export is `error.export.no-data`.
 */
export const EXPORT_MAX_ROWS = 10_000;
export const exportFormatSchema = z.enum(['csv', 'xlsx']);
export type ExportFormatName = z.infer<typeof exportFormatSchema>;

/** Each domain extends this with its own filter (status, class, ...). */
export const exportRequest = z.object({
  quantity: z.number().int().min(1).max(EXPORT_MAX_ROWS),
  format: exportFormatSchema.default('csv'),
});

export const exportResponse = z.object({
  /** The download token for the signed download route. */
  file: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
});
export type ExportResult = z.infer<typeof exportResponse>;
