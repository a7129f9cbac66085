import { z } from 'zod';
import { ecodeItemSchema } from '../ecode.ts';
import { esimSummarySchema } from '../esim.ts';
import { orderNoSchema } from '../orders.ts';

/**
 * The reseller API's exports of one order: its ECodes as CSV or JSON, its eSIMs as CSV, JSON or
 * a ZIP of QR codes (one PNG per eSIM named by its ICCID, and `iccids.csv` mapping each ICCID to
 * its LPA activation string and its file). Sent as a download, written as it is read, so a
 * 10,000-unit order is never held whole. Spread into `resellerApiOperations`; another
 * reseller's order is not found, as everywhere.
 */

export const API_EXPORT_MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  zip: 'application/zip',
} as const;
export type ApiExportFormat = keyof typeof API_EXPORT_MEDIA_TYPES;

export const apiEcodeExportQuery = z.object({ order: orderNoSchema, format: z.enum(['csv', 'json']).default('csv') });
export const apiEsimExportQuery = z.object({ order: orderNoSchema, format: z.enum(['csv', 'json', 'zip']).default('csv') });

/** The CSV columns, in order (a header row first; UTF-8 with a byte-order mark for spreadsheets). */
export const API_ECODE_EXPORT_COLUMNS = ['code', 'status', 'product', 'order_no', 'created_at'] as const;
export const API_ESIM_EXPORT_COLUMNS = ['iccid', 'lpa', 'activation_code', 'sm_dp_address', 'status', 'product', 'order_no'] as const;
/** The ZIP's map: one row per eSIM, its QR's file name in the archive. */
export const API_ESIM_ZIP_MAP = 'iccids.csv';
export const API_ESIM_ZIP_COLUMNS = ['iccid', 'lpa', 'file'] as const;

const csvText = (columns: readonly string[]) => z.string().meta({ description: `CSV (RFC 4180) with the header row ${columns.join(',')}` });
export const apiEcodeExportJson = z.object({ orderNo: orderNoSchema, items: z.array(ecodeItemSchema) });
export const apiEsimExportJson = z.object({ orderNo: orderNoSchema, items: z.array(esimSummarySchema) });
const zipFile = z.string().meta({ contentMediaType: 'application/zip', description: `A ZIP archive: ${API_ESIM_ZIP_MAP} (${API_ESIM_ZIP_COLUMNS.join(',')}) and one <ICCID>.png QR code per eSIM` });

export const resellerApiExportOperations = {
  ecodesExport: {
    method: 'GET',
    path: '/ecodes/export',
    scope: 'read',
    status: 200,
    summary: "The ECodes of one of the reseller's orders as a download: `format=csv` (the default) or `json`",
    query: apiEcodeExportQuery,
    response: apiEcodeExportJson,
    contentTypes: { [API_EXPORT_MEDIA_TYPES.csv]: csvText(API_ECODE_EXPORT_COLUMNS), [API_EXPORT_MEDIA_TYPES.json]: apiEcodeExportJson },
  },
  esimsExport: {
    method: 'GET',
    path: '/esims/export',
    scope: 'read',
    status: 200,
    summary: `The eSIMs of one of the reseller's orders as a download: \`format=csv\` (the default), \`json\`, or \`zip\`: one QR code PNG per eSIM named by its ICCID and ${API_ESIM_ZIP_MAP} mapping each ICCID to its LPA activation string and file`,
    query: apiEsimExportQuery,
    response: apiEsimExportJson,
    contentTypes: { [API_EXPORT_MEDIA_TYPES.csv]: csvText(API_ESIM_EXPORT_COLUMNS), [API_EXPORT_MEDIA_TYPES.json]: apiEsimExportJson, [API_EXPORT_MEDIA_TYPES.zip]: zipFile },
  },
} as const;
