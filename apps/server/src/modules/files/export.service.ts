import { serverErrors, type ExportFormatName, type ExportResult } from '@simshop/contract';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { EXPORT_FORMATS, renderTable, type Table } from '../../lib/spreadsheet.ts';
import { issueDownloadToken, storeFile } from './files.service.ts';

export const EXPORT_FOLDER = 'exports';

/**
 * Stores a user's export (CSV or xlsx) in the file store (folder `exports`) and returns a download token
 * only that user can redeem. One place for every domain's export: ECodes, eSIMs, ...
 * `baseName` is the file name without extension, e.g. `ecodes-2026-11-23`.
 */
export async function exportTable(db: Executor, config: Config, input: { userId: number; baseName: string; format: ExportFormatName; table: Table }, now = Date.now()): Promise<ExportResult> {
  if (input.table.rows.length === 0) throw new AppError(serverErrors.noDataToExport);
  const format = EXPORT_FORMATS[input.format];
  const fileName = `${input.baseName}.${format.extension}`;
  const bytes = renderTable(input.table, input.format, input.baseName);
  const fileId = await storeFile(db, config, { ownerUserId: input.userId, fileName, contentType: format.contentType, bytes, folder: EXPORT_FOLDER }, now);
  return { file: issueDownloadToken(config, fileId, input.userId, now), fileName, rows: input.table.rows.length };
}

/** `name-YYYY-MM-DD` for an export made now. */
export const exportBaseName = (name: string, now = Date.now()) => `${name}-${new Date(now).toISOString().slice(0, 10)}`;
