import type { RegisteredHandler } from '../../http/handlers.ts';

export const messageHandlers: RegisteredHandler[] = [];
