import { adminEndpoint } from './define.ts';

/** Console: messages and comments. */
export const adminMessageEndpoint = adminEndpoint('message', 'messages and comments', {});
