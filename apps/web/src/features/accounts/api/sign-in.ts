import type { QueryKey } from '@tanstack/react-query';

/**
 * The sign-in writes start a session (lib/session) and change no query of their own: what the
 * new account may see is read when its pages open.
 */
export const SIGN_IN: { invalidates: readonly QueryKey[] } = { invalidates: [] };
