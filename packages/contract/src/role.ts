/**
 * The account roles (SPEC §6), apart from enums.ts: the shop's session code needs them on the first
 * screen, and enums.ts would bring every enum's zod schema with them.
 */
export const Role = { normal: 1, reseller: 2, resellerEsim: 3, foreignReseller: 6 } as const;
export type Role = (typeof Role)[keyof typeof Role];

const RESELLER_ROLES: ReadonlySet<number> = new Set([Role.reseller, Role.resellerEsim, Role.foreignReseller]);

/** Resellers see wholesale prices and use the reseller endpoints (SPEC §6). */
export function isResellerRole(role: number | null | undefined): boolean {
  return role != null && RESELLER_ROLES.has(role);
}
