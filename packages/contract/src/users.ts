import { z } from 'zod';

/** Userinfo (SPEC §3): what the client keeps under the user-info storage key. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  avatar: z.string().nullable(),
  nickname: z.string(),
  name: z.string(),
  tel: z.string().nullable(),
  email: z.string().nullable(),
  role: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const emptyRequest = z.object({}).strict();
