import type { RegisteredHandler } from './http/handlers.ts';
import { contentHandlers } from './modules/content/content.routes.ts';
import { userHandlers } from './modules/users/user.routes.ts';

/** Every action handler, by domain. Each contract action must have exactly one (checked by a test). */
export const allHandlers: RegisteredHandler[] = [...contentHandlers, ...userHandlers];
