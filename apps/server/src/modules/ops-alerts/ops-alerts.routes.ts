import { handle } from '../../http/handlers.ts';
import { alertSettings, saveAlertSettings } from './ops-alerts.service.ts';

export const opsAlertHandlers = [
  handle('adminOpsAlerts', 'settings', (ctx) => alertSettings(ctx.db, ctx.staff)),
  handle('adminOpsAlerts', 'save_settings', (ctx, input) => saveAlertSettings(ctx.db, ctx.staff, ctx.actor, input, ctx.now)),
];
