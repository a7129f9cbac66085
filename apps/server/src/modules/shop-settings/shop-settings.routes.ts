import { handle } from '../../http/handlers.ts';
import * as shopSettings from './shop-settings.service.ts';

export const shopSettingsHandlers = [
  handle('shopSettings', 'contact', (ctx) => shopSettings.contactChannels(ctx.db, ctx.config)),
  handle('adminSettings', 'contact', (ctx) => shopSettings.adminContact(ctx.db, ctx.config)),
  handle('adminSettings', 'refunds', (ctx) => shopSettings.adminRefundSettings(ctx.db)),
  handle('adminSettings', 'save_refunds', (ctx, input) => shopSettings.saveRefundSettings(ctx.db, ctx.actor, input, ctx.now)),
  handle('adminSettings', 'save_contact', (ctx, input) => shopSettings.saveContact(ctx.db, ctx.config, ctx.actor, input, ctx.now)),
];
