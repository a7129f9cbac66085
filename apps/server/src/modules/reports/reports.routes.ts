import { handle } from '../../http/handlers.ts';
import { exportReport } from './reports-export.service.ts';
import { couponsReport, destinationsReport, esimInstallsReport, merchantsReport, productsReport, refundsReport, resellersReport, salesReport, stockForecast } from './reports.service.ts';

/** The console's reports: reads only, for staff who may see the dashboard's sales (platform staff). */
export const reportsHandlers = [
  handle('adminReports', 'sales', (ctx, input) => salesReport(ctx.db, input)),
  handle('adminReports', 'products', (ctx, input) => productsReport(ctx.db, input)),
  handle('adminReports', 'destinations', (ctx, input) => destinationsReport(ctx.db, input)),
  handle('adminReports', 'coupons', (ctx, input) => couponsReport(ctx.db, input)),
  handle('adminReports', 'resellers', (ctx, input) => resellersReport(ctx.db, input)),
  handle('adminReports', 'merchants', (ctx, input) => merchantsReport(ctx.db, input)),
  handle('adminReports', 'refunds', (ctx, input) => refundsReport(ctx.db, input)),
  handle('adminReports', 'esim_installs', (ctx, input) => esimInstallsReport(ctx.db, input)),
  handle('adminReports', 'stock_forecast', (ctx, input) => stockForecast(ctx.db, input)),
  handle('adminReports', 'export', (ctx, input) => exportReport(ctx.db, input)),
];
