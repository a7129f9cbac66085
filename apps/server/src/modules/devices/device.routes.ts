import { handle } from '../../http/handlers.ts';
import { languageOf } from '../../lib/i18n.ts';
import * as devices from './device.service.ts';

export const deviceHandlers = [
  handle('sim', 'send_code', (ctx, input) => devices.sendBindCode(ctx.db, ctx.providers.carrier, { userId: ctx.session.userId, ip: ctx.ip }, input.iccid, ctx.now, ctx.config.sms.dailyBudget)),
  handle('sim', 'bind', (ctx, input) => devices.bindDevice(ctx.db, ctx.providers.carrier, { userId: ctx.session.userId, ip: ctx.ip }, input, ctx.now)),
  handle('sim', 'list', (ctx) => devices.listDevices(ctx.db, ctx.providers.carrier, ctx.session.userId)),
  handle('sim', 'detail', (ctx, input) => devices.deviceDetail(ctx.db, ctx.providers.carrier, ctx.session.userId, input.id)),
  handle('sim', 'unbind', (ctx, input) => devices.unbindDevice(ctx.db, ctx.session.userId, input.id)),
  handle('sim', 'roaming', (ctx, input) => devices.roamingUsage(ctx.db, ctx.providers.carrier, ctx.session.userId, input.id)),
  handle('volume', 'get', (ctx, input) => devices.deviceVolume(ctx.db, ctx.providers.carrier, ctx.session.userId, input.id)),
  handle('charge', 'list', (ctx, input) => devices.listRecharges(ctx.db, ctx.session.userId, input, languageOf(input.i18n))),
];
