import type { Millis } from '../../db/column-types.ts';

export interface WechatAccountsTable {
  openid: string;
  user_id: number;
  created_at: Millis;
}

export interface WechatTokensTable {
  kind: string;
  value: string;
  expires_at: Millis;
}

export interface WechatSignInsTable {
  state_hash: string;
  ip: string;
  created_at: Millis;
  expires_at: Millis;
  code_used_at: Millis | null;
  openid: string | null;
  nickname: string | null;
  avatar: string | null;
  link_token_hash: string | null;
  link_expires_at: Millis | null;
  link_used_at: Millis | null;
}
