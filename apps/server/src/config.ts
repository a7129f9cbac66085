import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed once at start. Development defaults make
 * `npm start` work on a fresh clone; production refuses to start with them (DESIGN §5).
 */
const DEV_SIGNING_SECRET = 'simshop-dev-signing-secret';
const DEV_FILE_TOKEN_SECRET = 'simshop-dev-file-token-secret';
/** The development notify token: never accepted in production, whatever the configuration says. */
export const DEV_SMDP_NOTIFY_TOKEN = 'simshop-dev-smdp-notify-token';
/** The built-in WeChat simulator's official account (development and tests only). */
export const WECHAT_SIM_APP_ID = 'wx0000simshopdev';
export const WECHAT_SIM_APP_SECRET = 'simshop-dev-wechat-secret';

const boolish = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional().transform((v) => (v ? v : undefined)),
  SIGNING_CERTIFICATE: z.string().min(1).default('web'),
  SIGNING_SECRET: z.string().min(16).default(DEV_SIGNING_SECRET),
  FILE_TOKEN_SECRET: z.string().min(16).default(DEV_FILE_TOKEN_SECRET),
  STATIC_HOST: z.string().default('/static'),
  IMAGE_HOSTS: z.string().optional(),
  WEB_DIST: z.string().optional(),
  CONSOLE_DIST: z.string().optional(),
  SEED_DEMO: boolish,
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24 * 7),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(24 * 30),
  SMTP_URL: z.string().optional().transform((v) => (v ? v : undefined)),
  MAIL_FROM: z.string().default('SimShop <no-reply@simshop.local>'),
  SMS_WEBHOOK_URL: z.string().optional().transform((v) => (v ? v : undefined)),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  SMS_DAILY_BUDGET: z.coerce.number().int().min(0).default(1000),
  // Web Push (VAPID): all three together, or none (outside production a pair is then made once and kept in the database).
  VAPID_PUBLIC_KEY: z.string().optional().transform((v) => (v ? v : undefined)),
  VAPID_PRIVATE_KEY: z.string().optional().transform((v) => (v ? v : undefined)),
  VAPID_SUBJECT: z.string().optional().transform((v) => (v ? v : undefined)),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
  JOB_RETRY_BASE_MS: z.coerce.number().int().positive().default(5_000),
  JOB_RETRY_MAX_MS: z.coerce.number().int().positive().default(900_000),
  JOB_ALERT_AFTER: z.coerce.number().int().positive().default(6),
  // The lease is renewed every third of it while a job runs: below a second the renewals would
  // crowd the database, and a lease shorter than a renewal round trip could be lost mid-job.
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  READINESS_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SIMSHOP_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1/8,::1/128')
    .refine((v) => v.split(',').map((a) => a.trim()).filter(Boolean).every((a) => /^[0-9a-fA-F:.]+\/\d{1,3}$/.test(a)), 'a comma-separated list of address ranges (CIDR), e.g. 10.0.0.0/8,::1/128'),
  RESELLER_SELF_SIGNUP: boolish,
  POW_DIFFICULTY: z.coerce.number().int().min(1).max(32).optional(),
  IP_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): TrustProxy => {
      const value = (v ?? '').trim();
      if (value === '' || value === 'false' || value === '0') return false;
      // "true" was documented before hop counts: one proxy in front, the usual set-up.
      if (value === 'true') return 1;
      if (/^\d+$/.test(value)) return Number(value);
      const addresses = value.split(',').map((a) => a.trim()).filter(Boolean);
      if (addresses.every((a) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a) || ['loopback', 'linklocal', 'uniquelocal'].includes(a))) return addresses;
      ctx.addIssue({ code: 'custom', message: 'a number of proxy hops, or a comma-separated list of proxy addresses (CIDR allowed)' });
      return false;
    }),
  PUBLIC_URL: z.string().optional().transform((v) => (v ? v.replace(/\/+$/, '') : undefined)),
  SANDBOX_PAYMENTS: boolish,
  STRIPE_SECRET_KEY: z.string().optional().transform((v) => (v ? v : undefined)),
  STRIPE_WEBHOOK_SECRET: z.string().optional().transform((v) => (v ? v : undefined)),
  STRIPE_API_BASE: z.string().optional().transform((v) => (v ? v : undefined)),
  WECHAT_APP_ID: z.string().optional().transform((v) => (v ? v : undefined)),
  WECHAT_APP_SECRET: z.string().optional().transform((v) => (v ? v : undefined)),
  WECHAT_OAUTH_BASE: z.string().default('https://api.weixin.qq.com'),
  WECHAT_MCH_ID: z.string().optional().transform((v) => (v ? v : undefined)),
  WECHAT_MCH_SERIAL: z.string().optional().transform((v) => (v ? v : undefined)),
  WECHAT_MCH_PRIVATE_KEY: z.string().optional().transform((v) => (v ? v : undefined)),
  WECHAT_API_V3_KEY: z.string().optional().transform((v) => (v ? v : undefined)),
  WECHAT_PLATFORM_PUBLIC_KEY: z.string().optional().transform((v) => (v ? v : undefined)),
  WECHAT_API_BASE: z.string().default('https://api.mch.weixin.qq.com'),
  // WeChat sign-in: the official account's OAuth page and the scope it asks for.
  WECHAT_OPEN_BASE: z.string().default('https://open.weixin.qq.com'),
  WECHAT_LOGIN_SCOPE: z.enum(['snsapi_base', 'snsapi_userinfo']).default('snsapi_userinfo'),
  SMDP_URL: z.string().optional().transform((v) => (v ? v.replace(/\/+$/, '') : undefined)),
  SMDP_API_KEY: z.string().min(8).default('simshop-dev-smdp-key'),
  SMDP_NOTIFY_TOKEN: z.string().min(8).optional(),
  SMDP_REQUESTER_ID: z.string().default('simshop'),
  CARRIER_URL: z.string().optional().transform((v) => (v ? v.replace(/\/+$/, '') : undefined)),
  CARRIER_TOKEN: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  // Failure alerts (modules/ops-alerts) also go to this address, signed the Standard Webhooks way.
  ALERT_WEBHOOK_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^https?:\/\/[^/\s]+/.test(v), 'an http(s) URL'),
  ALERT_WEBHOOK_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || alertSecretBytes(v) !== null, 'whsec_ followed by 24 to 64 random bytes in base64 (Standard Webhooks), e.g. whsec_$(openssl rand -base64 32)'),
});

/** The key bytes of a Standard Webhooks secret (`whsec_<base64>`, 24 to 64 bytes), or null when it is not one. */
function alertSecretBytes(secret: string): number | null {
  const base64 = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) return null;
  const bytes = Buffer.from(base64, 'base64').length;
  return bytes >= 24 && bytes <= 64 ? bytes : null;
}

/**
 * Which X-Forwarded-For entries to believe: none, the last N hops (the entries our own proxies
 * appended), or those added by proxies at these addresses. Never the client's left-most entry.
 */
export type TrustProxy = false | number | string[];

/**
 * The TRUST_PROXY setting as Fastify takes it. A hop count becomes a function: Fastify reads a
 * bare number as "trust nothing". The count suits a server that only the proxies can reach.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  signing: { certificate: string; secret: string };
  fileTokenSecret: string;
  staticHost: string;
  /** Hosts product pictures may come from besides uploads (IMAGE_HOSTS, lowercase host names). */
  imageHosts: readonly string[];
  webDist: string;
  /** The built operator console, served under /console/. */
  consoleDist: string;
  seedDemo: boolean;
  session: { idleMs: number; absoluteMs: number };
  mail: { smtpUrl: string | undefined; from: string };
  /** `dailyBudget`: SMS the whole shop may send per UTC day, counted in the database (0 sends none). */
  sms: { webhookUrl: string | undefined; webhookToken: string | undefined; dailyBudget: number };
  /**
   * Web Push's VAPID pair and contact (`mailto:` or https). Null: outside production a pair is made
   * once and kept in the database (every process shares it); in production Web Push is off.
   */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  outboxIntervalMs: number;
  /** Background jobs: back-off from `retryBaseMs` doubling up to `retryMaxMs`; the owner is alerted after `alertAfter` failed tries; a job is held `leaseMs` by the process running it. */
  jobs: { retryBaseMs: number; retryMaxMs: number; alertAfter: number; leaseMs: number; concurrency: number };
  /** On SIGTERM: how long in-flight requests and a running job get before connections are cut. */
  shutdownGraceMs: number;
  /** On SIGTERM: how long the process keeps serving after /readyz turned 503, for a proxy that polls it to move traffic away. */
  readinessDrainMs: number;
  /**
   * What this process does: `all` serves and runs the background jobs (one process, the default);
   * `web` never runs a job; `worker` runs them (its HTTP is for probes, metrics and the simulators:
   * the proxy sends shoppers to web processes only).
   */
  role: 'all' | 'web' | 'worker';
  /** How long spent rows are kept: ended sessions, expired codes, rate-limit windows, finished jobs. */
  retentionMs: number;
  /** Who may read /metrics: a bearer token, or a client address in one of the ranges. */
  metrics: { token: string | undefined; allow: string[] };
  /** New accounts may turn themselves into reseller accounts. */
  resellerSelfSignup: boolean;
  /**
   * Leading zero bits of the proof of work asked before a code is sent: each bit doubles the
   * browser's work (16 ≈ a second on a phone); small in tests, refused below 14 in production.
   */
  powDifficulty: number;
  /** Where customers reach the shop, for payment return addresses and links in mails; the request's origin when unset (not in production). */
  publicUrl: string | undefined;
  /** The built-in hosted payment page (demos and tests). */
  sandboxPayments: boolean;
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | null;
  /**
   * WeChat sign-in and the JS-SDK: the official account (WECHAT_APP_ID and
   * WECHAT_APP_SECRET). Without them, outside production, the built-in WeChat simulator under
   * /wechat-sim stands in (`simulator`); in production without them WeChat sign-in is off (null).
   */
  wechatLogin: { appId: string; appSecret: string; apiBase: string; openBase: string; scope: 'snsapi_base' | 'snsapi_userinfo'; simulator: boolean } | null;
  wechat: { appId: string; appSecret: string; oauthBase: string; mchId: string; serial: string; privateKey: string; apiV3Key: string; platformPublicKey: string; apiBase: string } | null;
  /**
   * The SM-DP+ (ES2+). Without SMDP_URL the built-in simulator answers under /smdp-sim on this
   * server (development and tests only).
   */
  smdp: { url: string | undefined; apiKey: string; notifyToken: string; requester: string; simulator: boolean };
  /** The carrier gateway for devices and recharges; the built-in simulator when unset (not in production). */
  carrier: { url: string | undefined; token: string; simulator: boolean };
  /** Behind reverse proxies: which X-Forwarded-For entries name the client (the rest can be forged). */
  trustProxy: TrustProxy;
  /** Multiplies every per-address rate limit: customers who arrive through few addresses (a company proxy, a test run from one machine). */
  ipLimitScale: number;
  logLevel: string;
  /** Where failure alerts are posted besides the staff's mail (ALERT_WEBHOOK_URL), and the secret that signs them; null: no webhook. */
  alertWebhook: { url: string; secret: string } | null;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

/**
 * Bits of information in a string, estimated: its shortest repeating unit (a string made of one
 * piece over and over says no more than the piece), as if that unit's characters were drawn as
 * often as they occur in it.
 */
function estimatedBits(value: string): number {
  const chars = [...value];
  // Prefix function: the longest proper prefix that is also a suffix gives the period.
  const border = new Array<number>(chars.length).fill(0);
  for (let i = 1; i < chars.length; i += 1) {
    let k = border[i - 1]!;
    while (k > 0 && chars[i] !== chars[k]) k = border[k - 1]!;
    border[i] = chars[i] === chars[k] ? k + 1 : k;
  }
  const unit = chars.slice(0, chars.length - (border.at(-1) ?? 0));
  const counts = new Map<string, number>();
  for (const ch of unit) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const c of counts.values()) bits -= c * Math.log2(c / unit.length);
  return bits;
}

/**
 * What is wrong with a secret the owner makes (null: nothing seen). A random 32-character
 * base64 or hex string passes; sixteen times one character or a word repeated does not. It cannot
 * tell a random string from a guessable one that looks random.
 */
export function secretWeakness(value: string, rule: { minLength: number; minBits: number } = { minLength: 32, minBits: 96 }): 'short' | 'low-entropy' | null {
  if ([...value].length < rule.minLength) return 'short';
  return estimatedBits(value) < rule.minBits ? 'low-entropy' : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  // Half a VAPID configuration is a mistake, not a choice: say so rather than fall back to a made-up pair.
  const vapidSet = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT].filter(Boolean).length;
  if (vapidSet > 0 && vapidSet < 3) throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together (Web Push)');
  if (e.ALERT_WEBHOOK_URL && !e.ALERT_WEBHOOK_SECRET) throw new Error('Invalid configuration:\n  ALERT_WEBHOOK_URL needs ALERT_WEBHOOK_SECRET (the receiver checks the signature)');
  if (e.NODE_ENV === 'production') {
    const weak: string[] = [
      e.SIGNING_SECRET === DEV_SIGNING_SECRET && 'SIGNING_SECRET',
      e.FILE_TOKEN_SECRET === DEV_FILE_TOKEN_SECRET && 'FILE_TOKEN_SECRET',
      e.SMDP_URL && e.SMDP_API_KEY === 'simshop-dev-smdp-key' && 'SMDP_API_KEY',
      // The development notify token is printed in .env.example: refused in production in every
      // case, and needed (a real one) as soon as an SM-DP+ reports to us.
      (e.SMDP_NOTIFY_TOKEN === DEV_SMDP_NOTIFY_TOKEN || (e.SMDP_URL && !e.SMDP_NOTIFY_TOKEN)) && 'SMDP_NOTIFY_TOKEN',
    ].filter((v): v is string => typeof v === 'string');
    // Secrets the owner makes: long and random. SIGNING_SECRET is in every page of the shop, so the
    // server keys nothing that grants access from it; FILE_TOKEN_SECRET must then differ from it.
    for (const [name, value] of [['SIGNING_SECRET', e.SIGNING_SECRET], ['FILE_TOKEN_SECRET', e.FILE_TOKEN_SECRET], ['SMDP_NOTIFY_TOKEN', e.SMDP_NOTIFY_TOKEN]] as const) {
      const weakness = value !== undefined && !weak.includes(name) ? secretWeakness(value) : null;
      if (weakness) weak.push(`${name} (${weakness === 'short' ? 'shorter than 32 characters' : 'not random enough'})`);
    }
    if (e.FILE_TOKEN_SECRET === e.SIGNING_SECRET) weak.push('FILE_TOKEN_SECRET equal to SIGNING_SECRET');
    // Tokens other services issue may be shorter, but never one character over and over.
    for (const [name, value] of [['SMDP_API_KEY', e.SMDP_URL ? e.SMDP_API_KEY : undefined], ['CARRIER_TOKEN', e.CARRIER_TOKEN || undefined], ['SMS_WEBHOOK_TOKEN', e.SMS_WEBHOOK_TOKEN || undefined]] as const) {
      const weakness = value !== undefined ? secretWeakness(value, { minLength: 8, minBits: 32 }) : null;
      if (weakness && !weak.includes(name)) weak.push(`${name} (${weakness === 'short' ? 'shorter than 8 characters' : 'not random enough'})`);
    }
    if (e.POW_DIFFICULTY !== undefined && e.POW_DIFFICULTY < 14) weak.push('POW_DIFFICULTY below 14 (tests only)');
    // Demo data signs in with a published password (owner@simshop.local / demo1234).
    if (e.SEED_DEMO) weak.push('SEED_DEMO (demo staff, customers and balances are never loaded in production)');
    // The sandbox pays any order without money; a carrier gateway without a token is open to anyone.
    if (e.SANDBOX_PAYMENTS) weak.push('SANDBOX_PAYMENTS (demos and tests only)');
    if (e.CARRIER_URL && !e.CARRIER_TOKEN) weak.push('CARRIER_URL without CARRIER_TOKEN');
    // Mails and texts link to the shop from the worker, which has no request to take the address from.
    if (!e.PUBLIC_URL) weak.push('PUBLIC_URL missing (links in mails and texts)');
    if (weak.length) throw new Error(`Refusing to start in production with development or weak settings: ${weak.join(', ')}`);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    signing: { certificate: e.SIGNING_CERTIFICATE, secret: e.SIGNING_SECRET },
    fileTokenSecret: e.FILE_TOKEN_SECRET,
    staticHost: e.STATIC_HOST,
    imageHosts: (e.IMAGE_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    webDist: resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    consoleDist: resolve(repoRoot, e.CONSOLE_DIST ?? 'apps/console/dist'),
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? true),
    session: { idleMs: e.SESSION_IDLE_HOURS * 3_600_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms: { webhookUrl: e.SMS_WEBHOOK_URL, webhookToken: e.SMS_WEBHOOK_TOKEN, dailyBudget: e.SMS_DAILY_BUDGET },
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT } : null,
    outboxIntervalMs: e.OUTBOX_INTERVAL_MS,
    jobs: { retryBaseMs: e.JOB_RETRY_BASE_MS, retryMaxMs: Math.max(e.JOB_RETRY_MAX_MS, e.JOB_RETRY_BASE_MS), alertAfter: e.JOB_ALERT_AFTER, leaseMs: e.JOB_LEASE_MS, concurrency: e.JOB_CONCURRENCY },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    readinessDrainMs: e.READINESS_DRAIN_MS,
    role: e.SIMSHOP_ROLE,
    retentionMs: e.RETENTION_DAYS * 86_400_000,
    metrics: { token: e.METRICS_TOKEN, allow: e.METRICS_ALLOW.split(',').map((a) => a.trim()).filter(Boolean) },
    resellerSelfSignup: e.RESELLER_SELF_SIGNUP ?? false,
    powDifficulty: e.POW_DIFFICULTY ?? (e.NODE_ENV === 'test' ? 6 : 16),
    trustProxy: e.TRUST_PROXY,
    ipLimitScale: e.IP_LIMIT_SCALE,
    carrier: { url: e.CARRIER_URL, token: e.CARRIER_TOKEN, simulator: !e.CARRIER_URL && e.NODE_ENV !== 'production' },
    smdp: { url: e.SMDP_URL, apiKey: e.SMDP_API_KEY, notifyToken: e.SMDP_NOTIFY_TOKEN ?? DEV_SMDP_NOTIFY_TOKEN, requester: e.SMDP_REQUESTER_ID, simulator: !e.SMDP_URL && e.NODE_ENV !== 'production' },
    publicUrl: e.PUBLIC_URL,
    sandboxPayments: e.SANDBOX_PAYMENTS ?? e.NODE_ENV !== 'production',
    stripe: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE } : null,
    wechat:
      e.WECHAT_APP_ID && e.WECHAT_APP_SECRET && e.WECHAT_MCH_ID && e.WECHAT_MCH_SERIAL && e.WECHAT_MCH_PRIVATE_KEY && e.WECHAT_API_V3_KEY && e.WECHAT_PLATFORM_PUBLIC_KEY
        ? {
            appId: e.WECHAT_APP_ID,
            appSecret: e.WECHAT_APP_SECRET,
            oauthBase: e.WECHAT_OAUTH_BASE,
            mchId: e.WECHAT_MCH_ID,
            serial: e.WECHAT_MCH_SERIAL,
            privateKey: e.WECHAT_MCH_PRIVATE_KEY.replace(/\\n/g, '\n'),
            apiV3Key: e.WECHAT_API_V3_KEY,
            platformPublicKey: e.WECHAT_PLATFORM_PUBLIC_KEY.replace(/\\n/g, '\n'),
            apiBase: e.WECHAT_API_BASE,
          }
        : null,
    wechatLogin:
      e.WECHAT_APP_ID && e.WECHAT_APP_SECRET
        ? { appId: e.WECHAT_APP_ID, appSecret: e.WECHAT_APP_SECRET, apiBase: e.WECHAT_OAUTH_BASE.replace(/\/+$/, ''), openBase: e.WECHAT_OPEN_BASE.replace(/\/+$/, ''), scope: e.WECHAT_LOGIN_SCOPE, simulator: false }
        : e.NODE_ENV === 'production'
          ? null
          : { appId: WECHAT_SIM_APP_ID, appSecret: WECHAT_SIM_APP_SECRET, apiBase: '', openBase: '', scope: e.WECHAT_LOGIN_SCOPE, simulator: true },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    alertWebhook: e.ALERT_WEBHOOK_URL && e.ALERT_WEBHOOK_SECRET ? { url: e.ALERT_WEBHOOK_URL, secret: e.ALERT_WEBHOOK_SECRET } : null,
  };
}

/** The shop's address for links sent outside a request (mails, texts): PUBLIC_URL, else this machine (development). */
export function shopOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}
