import { handle } from '../../http/handlers.ts';
import * as shopSettings from './shop-settings.service.ts';

export const shopSettingsHandlers = [
  handle('shopSettings', 'contact', (ctx) => shopSettings.contactChannels(ctx.db, ctx.config)),
  handle('adminSettings', 'contact', (ctx) => shopSettings.adminContact(ctx.db, ctx.config)),
  handle('adminSettings', 'save_contact', (ctx, input) => shopSettings.saveContact(ctx.db, ctx.config, ctx.actor, input, ctx.now)),
];
