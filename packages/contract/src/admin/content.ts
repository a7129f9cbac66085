import { adminEndpoint } from './define.ts';

/** Console: home content and tutorials. */
export const adminContentEndpoint = adminEndpoint('content', 'home content and tutorials', {});
