import type { RegisteredHandler } from './http/handlers.ts';
import { contentHandlers } from './modules/content/content.routes.ts';
import { accountHandlers } from './modules/accounts/account.routes.ts';

/** Every action handler, by domain. Each contract action must have exactly one (checked by a test). */
export const allHandlers: RegisteredHandler[] = [...contentHandlers, ...accountHandlers];
