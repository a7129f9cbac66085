import type { z } from 'zod';
import type { ActionDef } from '../api.ts';
import type { Permission } from './permissions.ts';

/**
 * An admin action: called by staff only, with the one permission it needs (null: any signed-in
 * staff member, e.g. "who am I"), and whether it writes. A write leaves an audit row; the
 * dispatcher checks that it did.
 */
export interface AdminActionDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> extends ActionDef<Req, Res> {
  readonly access: 'staff' | 'public';
  readonly permission: Permission | null;
  readonly write: boolean;
}

export const defineAdminAction = <Req extends z.ZodType, Res extends z.ZodType>(def: Omit<AdminActionDef<Req, Res>, 'access'>): AdminActionDef<Req, Res> & { readonly access: 'staff' } => ({ ...def, access: 'staff' });

/** The one admin action anyone may call: signing in. */
export const definePublicAdminAction = <Req extends z.ZodType, Res extends z.ZodType>(def: Omit<AdminActionDef<Req, Res>, 'access' | 'permission' | 'write'>): AdminActionDef<Req, Res> & { readonly access: 'public' } => ({
  ...def,
  access: 'public',
  permission: null,
  write: false,
});

/** Admin endpoints live under /admin/<domain>.do. */
export const adminEndpoint = <A extends Record<string, AdminActionDef>>(domain: string, summary: string, actions: A) =>
  ({ path: `/admin/${domain}.do`, summary: `Console: ${summary}`, actions }) as const;
