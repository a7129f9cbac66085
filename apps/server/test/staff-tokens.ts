import { beforeAll } from 'vitest';
import type { TestApp } from './harness.ts';

/** The session tokens of the three staff roles, for the console tests that need each of them. */
export interface StaffTokens {
  owner: string;
  operator: string;
  support: string;
}

/** Signs in one staff member of each role (one after the other: each sign-in writes audit rows). */
export async function staffTokens(t: TestApp): Promise<StaffTokens> {
  const owner = (await t.staffSignIn('owner')).token;
  const operator = (await t.staffSignIn('operator')).token;
  const support = (await t.staffSignIn('support')).token;
  return { owner, operator, support };
}

/** The three staff sessions of a test file, signed in before its tests run (read them inside tests). */
export function useStaffTokens(t: TestApp): StaffTokens {
  const tokens: StaffTokens = { owner: '', operator: '', support: '' };
  beforeAll(async () => {
    Object.assign(tokens, await staffTokens(t));
  });
  return tokens;
}
