import { handle } from '../../http/handlers.ts';
import { dashboardSummary } from './dashboard.service.ts';

export const dashboardHandlers = [handle('adminDashboard', 'summary', (ctx, input) => dashboardSummary(ctx.db, input.timeZone, ctx.now, ctx.config.sms.dailyBudget))];
