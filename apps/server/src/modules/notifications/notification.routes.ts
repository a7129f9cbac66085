import { LANGUAGE_COOKIE, normalizeLanguage } from '@simshop/contract';
import { handle } from '../../http/handlers.ts';
import { notificationSettings, updateNotificationSettings } from './notification.service.ts';

/** Mine → Notifications, for customers and resellers alike. */
export const notificationHandlers = (['user', 'resellerUser'] as const).flatMap((endpoint) => [
  handle(endpoint, 'notifications', (ctx) => notificationSettings(ctx.db, ctx.session.userId, normalizeLanguage(ctx.cookie(LANGUAGE_COOKIE)))),
  handle(endpoint, 'set_notifications', (ctx, input) => updateNotificationSettings(ctx.db, ctx.session.userId, input, normalizeLanguage(ctx.cookie(LANGUAGE_COOKIE)), ctx.now)),
]);
