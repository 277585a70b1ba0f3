import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIST_COUNT_THRESHOLD } from '@backoffice/shared';
import { z } from 'zod';
import type { LoginThrottleSettings } from './repositories/login-throttle';

/** Environment flags arrive as text; accept the usual spellings so `COOKIE_SECURE=1` works too. */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value)));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where the embedded database's daily backups go (default `<DATA_DIR>/backups`). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Automatic backups of the embedded database kept (the newest ones); 0 = no automatic backup. */
  BACKUP_KEEP: z.coerce.number().int().min(0).max(1000).default(7),
  /** Hours between automatic backups of the embedded database. */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  /** Minutes without a request after which a session ends, whatever its lifetime left (0 = none). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(30),
  /** Sign-in slowdown (repositories/login-throttle.ts): failures counted over this many minutes. */
  LOGIN_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  LOGIN_PAIR_FREE_FAILURES: z.coerce.number().int().min(1).default(3),
  LOGIN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_ADDRESS_FREE_FAILURES: z.coerce.number().int().min(1).default(20),
  LOGIN_DELAY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  LOGIN_DELAY_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(60),
  /** Days the security log keeps its rows (a periodic purge deletes older ones). */
  SECURITY_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** Exports (every list's and the security log) an hour per user, all nodes together; 0 = no limit. */
  EXPORT_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
  /** Pages of one list a minute per user (every list: leads, sales and the list engine's), all nodes together; 0 = no limit. */
  LIST_RATE_LIMIT: z.coerce.number().int().min(0).default(120),
  /** `true`: the OpenAPI document and its UI (/api/docs) only for signed-in users (set it in production). */
  API_DOCS_REQUIRE_SESSION: flag(false),
  /** Encrypts the users' TOTP secrets at rest (AES-256-GCM under its sha-256); changing it voids every enrolment. */
  SECOND_FACTOR_KEY: z.string().min(16).default('demo-second-factor-key-change-me'),
  /** Seconds a node trusts a session it has just looked up (0 = ask the database on every request). */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  COOKIE_SECURE: flag(false),
  SEED: flag(true),
  SEED_LEADS: z.coerce.number().int().min(0).default(3000),
  SEED_CALL_BACKS: flag(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  /** Behind a load balancer the client address comes from X-Forwarded-For (login throttling, rate limits). */
  TRUST_PROXY: flag(false),
  /**
   * PostgreSQL connections per node. About two per database core: more only queue inside PostgreSQL
   * (measured on 2 cores: 4 gave a shorter latency tail than 8 or 16 at the same throughput).
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(4),
  /** Lists count exactly up to this many rows, then answer "more than" (exact on request). */
  LIST_COUNT_THRESHOLD: z.coerce.number().int().min(1).default(LIST_COUNT_THRESHOLD),
  LIST_TEXT_PROBE_CAP: z.coerce.number().int().min(0).default(2_000),
  /** Lists filtered by free text count exactly up to this many rows (each match costs a customer's row). */
  LIST_TEXT_COUNT_THRESHOLD: z.coerce.number().int().min(1).default(1_000),
  /** Run an automated stage (prefilter, risk, identity, transfer) as soon as a lead reaches its status. */
  WORKFLOW_AUTORUN: flag(true),
  /**
   * A change's answer waits for the automated stages it reaches (the simulators answer at once); `false` for
   * real adapters that take seconds: answered at once, the stages run right after it.
   */
  STAGE_RUN_WAIT: flag(true),
  /** Simulated stages: a customer document ending in these digits makes every stage's service fail ('' = none). */
  STAGE_SIMULATE_FAIL_SUFFIX: z.string().regex(/^\d*$/, 'digits only').default('99999'),
  /** Runs of an automated stage before the system stops trying and leaves it to a person. */
  STAGE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** Seconds before the first retry of a failed stage run; each further retry waits twice as long. */
  STAGE_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Seconds between a node's looks for stage runs due (retries, runs a stopped node left); 0 = none. */
  STAGE_WORKER_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Seconds between a node's looks for massive batches to run (queued, or left by a stopped node); 0 = none. */
  MASSIVE_WORKER_SECONDS: z.coerce.number().min(0).max(3600).default(2),
  /** Seconds a node holds a running batch without renewing it; after them another node takes it over. */
  MASSIVE_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Rows a batch applies per transaction (set-based where the operation can, else each row in a savepoint). */
  MASSIVE_CHUNK_ROWS: z.coerce.number().int().min(1).max(5000).default(500),
  /** Seconds a node reuses a list count for the same filters (0 = always count). */
  COUNT_CACHE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** A page by number starts from the nearest remembered position every this many rows (PageAnchors). */
  PAGE_ANCHOR_ROWS: z.coerce.number().int().min(1).default(1_000),
  /** Seconds a node reuses a dashboard aggregate for the same country, scope and range (0 = always compute). */
  DASHBOARD_CACHE_SECONDS: z.coerce.number().min(0).max(600).default(30),
  /**
   * Rows per keyset batch of an export: memory holds one batch. 2,000 measured faster and ~80 MB lighter
   * than 5,000 on a 100,000-row export (smaller result sets, less garbage per step).
   */
  EXPORT_BATCH: z.coerce.number().int().min(100).max(50_000).default(2_000),
  /** The server process's `--heap-growing-percent` (lib/heap-policy.ts says why); 0 = V8's own policy. */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(25),
  /** The realtime bridge (socket.io on this server); `false`: no socket server, events are dropped. */
  REALTIME_ENABLED: flag(true),
  /** The socket.io path (the web app connects to it). */
  REALTIME_PATH: z
    .string()
    .regex(/^\/[\w./-]*$/, 'must start with /')
    .default('/socket.io'),
  /** Where browsers reach the bridge when not on the API's own origin (e.g. a separate host); empty = same origin. */
  REALTIME_PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Extra page origins allowed to open a cookie-authenticated socket (comma-separated); the API's own always is. */
  REALTIME_ORIGINS: z.string().default(''),
  /** Seconds between checks for call backs that fell due (`call-reminder:due`); 0 = no check. */
  REALTIME_REMINDER_CHECK_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /** Seconds between a node's looks for the day's delinquency run of each country (done once a day by one node); 0 = none. */
  DELINQUENCY_CHECK_SECONDS: z.coerce.number().min(0).max(86_400).default(600),
  /**
   * Requests a minute per signed-in user (all nodes together) to the customer lookup and to the searcher;
   * 0 = no limit (the benchmark). Sizes and reasons in plugins/external/rate-limit.ts.
   */
  CUSTOMER_LOOKUP_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
  SEARCHER_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
  /** Test calls (/test) an hour per user, all nodes together: they dial any national number; 0 = no limit. */
  TEST_CALL_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  /** Minutes a postponed call back waits before it is due again. */
  CALL_POSTPONE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /**
   * SPEC 9's collection due-date minimum and maximum, as days from today in the country (signed): the due-date
   * filter of /collections accepts days between them, and the web's date fields open within them.
   */
  COLLECTION_DUE_DATE_MIN_DAYS: z.coerce.number().int().min(-36_500).max(36_500).default(-730),
  COLLECTION_DUE_DATE_MAX_DAYS: z.coerce.number().int().min(-36_500).max(36_500).default(60),
  /** Which telephony system places calls: the built-in simulator (default) or Neotel over HTTP. */
  TELEPHONY_ADAPTER: z.enum(['simulator', 'neotel']).default('simulator'),
  /** Simulator: every call fails (to try the error path). */
  TELEPHONY_SIMULATE_FAILURE: flag(false),
  /** Simulator: numbers ending in these digits fail ('' = none). */
  TELEPHONY_FAIL_SUFFIX: z.string().regex(/^\d*$/, 'digits only').default('0000'),
  NEOTEL_BASE_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  NEOTEL_TOKEN: z.string().optional(),
  NEOTEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** The company named on debt-free certificates. */
  COMPANY_NAME: z.string().min(1).default('Préstamos Demo S.A.'),
  /** Where the certificates' QR codes send a reader (the web app's origin); the verification page is /verificar. */
  PUBLIC_WEB_URL: z.url().default('http://localhost:3000'),
  /** Verification look-ups a minute per address (all nodes together): the public page answers without sign-in. */
  DEBT_FREE_VERIFY_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
  /**
   * The regret period. arg: Ley 24.240 art. 34 and Res. 424/2020 count 10 calendar days, BCRA's rules for
   * financial services 10 business days; 'longer' (the default) gives the customer whichever ends later.
   * col: Ley 1480 art. 47's retracto, 5 business days.
   */
  REGRET_RULE_ARG: z.enum(['calendar', 'business', 'longer']).default('longer'),
  REGRET_CALENDAR_DAYS_ARG: z.coerce.number().int().min(1).max(60).default(10),
  REGRET_BUSINESS_DAYS_ARG: z.coerce.number().int().min(1).max(60).default(10),
  REGRET_RULE_COL: z.enum(['calendar', 'business', 'longer']).default('business'),
  REGRET_CALENDAR_DAYS_COL: z.coerce.number().int().min(1).max(60).default(5),
  REGRET_BUSINESS_DAYS_COL: z.coerce.number().int().min(1).max(60).default(5),
  /** Transfer adapter calls a regret's step makes before it is left failed (for a person to retry). */
  REGRET_TRANSFER_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** Simulated transfers: a customer document ending in these digits fails every call ('' = none). */
  REGRET_SIMULATE_FAIL_SUFFIX: z.string().regex(/^\d*$/, 'digits only').default('99999'),
  /** Simulated transfers: a document ending in these digits returns half of what is owed ('' = none). */
  REGRET_SIMULATE_SHORT_SUFFIX: z.string().regex(/^\d*$/, 'digits only').default('88888'),
  /** Customer messages: SMS and WhatsApp through an HTTP provider at these URLs; unset, the simulator records them. */
  MESSAGING_SMS_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MESSAGING_WHATSAPP_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MESSAGING_PROVIDER_TOKEN: z.string().optional(),
  /** Email through SMTP (smtp://user:pass@host:port); unset, the simulator records them. */
  MESSAGING_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MESSAGING_EMAIL_FROM: z.string().default('Préstamos <no-responder@example.com>'),
  /** HMAC-SHA256 secret of the providers' webhooks (delivery receipts and inbound messages). */
  MESSAGING_WEBHOOK_SECRET: z.string().min(16).default('demo-webhook-secret-change-me'),
  /** Simulator: addresses ending in these characters fail ('' = none). */
  MESSAGING_SIMULATE_FAIL_SUFFIX: z.string().default('0000'),
  MESSAGING_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
  MESSAGING_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Seconds between a node's looks for messages due; 0 = none. */
  MESSAGING_WORKER_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Hold messages outside each country's quiet hours (QUIET_HOURS) until they open. */
  MESSAGING_QUIET_HOURS: flag(true),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute. PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir: string;
  /** The embedded database's automatic backups (db/backup.ts); keep 0 = none. Not used on PostgreSQL. */
  backup: { dir: string; keep: number; intervalHours: number };
  /** PostgreSQL when set, PGlite otherwise. */
  databaseUrl?: string;
  /** PGlite in memory instead of `dataDir` (tests). */
  memoryDatabase: boolean;
  sessionTtlHours: number;
  /** 0 = no idle timeout. */
  sessionIdleMinutes: number;
  loginThrottle: LoginThrottleSettings;
  securityLogRetentionDays: number;
  apiDocsRequireSession: boolean;
  secondFactorKey: string;
  /** 0 disables the per-node session cache. */
  sessionCacheSeconds: number;
  cookieSecure: boolean;
  seed: boolean;
  seedLeads: number;
  /** The demo's applications get call backs, some due already (off for the browser tests, which schedule their own). */
  seedCallBacks: boolean;
  logLevel: string;
  /** Absolute path of the built web app. */
  webDist: string;
  trustProxy: boolean;
  dbPoolMax: number;
  listCountThreshold: number;
  /** Free text matching this many customers or fewer is read by customer id (lists/free-text.ts, resolveText). */
  listTextProbeCap: number;
  listTextCountThreshold: number;
  workflowAutoRun: boolean;
  /** The automated stages' retries (`app.stageWorker`); workerSeconds 0 = this node runs no due ones. */
  stageRuns: { simulateFailSuffix: string; wait: boolean; maxAttempts: number; retrySeconds: number; workerSeconds: number };
  massive: { workerSeconds: number; leaseSeconds: number; chunkRows: number };
  /** 0 disables the per-node count cache. */
  countCacheSeconds: number;
  /** Rows between the positions a list remembers for pages by number (they live as long as counts). */
  pageAnchorRows: number;
  /** 0 disables the per-node dashboard cache. */
  dashboardCacheSeconds: number;
  exportBatch: number;
  heapGrowingPercent: number;
  realtime: RealtimeConfig;
  callPostponeMinutes: number;
  /** Bounds of the collections due-date filter, in days from today (min <= max). */
  collectionDueDate: { minDays: number; maxDays: number };
  telephony: TelephonyConfig;
  /** 0: this node never runs the daily delinquency run (`app.delinquency`). */
  delinquencyCheckSeconds: number;
  /** Requests a minute (test calls: an hour) per user, all nodes together; 0 = no limit. */
  rateLimits: { customerLookup: number; searcher: number; testCall: number; exports: number; lists: number };
  legal: LegalConfig;
  messaging: MessagingConfig;
}

export type RegretRule = 'calendar' | 'business' | 'longer';
export interface RegretPeriod {
  rule: RegretRule;
  calendarDays: number;
  businessDays: number;
}

/** Debt-free certificates and regrets (issue 36). */
export interface LegalConfig {
  companyName: string;
  publicWebUrl: string;
  verifyRateLimit: number;
  regret: { arg: RegretPeriod; col: RegretPeriod };
  transferAttempts: number;
  simulateFailSuffix: string;
  simulateShortSuffix: string;
}

export interface MessagingConfig {
  smsUrl?: string;
  whatsappUrl?: string;
  providerToken?: string;
  smtpUrl?: string;
  emailFrom: string;
  webhookSecret: string;
  simulateFailSuffix: string;
  maxAttempts: number;
  retrySeconds: number;
  workerSeconds: number;
  quietHours: boolean;
}

export interface TelephonyConfig {
  adapter: 'simulator' | 'neotel';
  simulateFailure: boolean;
  /** Simulated calls to numbers ending in this fail ('' = none). */
  failSuffix: string;
  neotelBaseUrl?: string;
  neotelToken?: string;
  neotelTimeoutMs: number;
}

export interface RealtimeConfig {
  enabled: boolean;
  path: string;
  /** Absolute URL browsers connect to; undefined = the page's own origin. */
  publicUrl?: string;
  /** Page origins, besides the request's own host, allowed to authenticate a socket with the session cookie. */
  origins: string[];
  /** 0 = no periodic call-reminder check. */
  reminderCheckSeconds: number;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // Fail at start, not at the first call.
  if (e.TELEPHONY_ADAPTER === 'neotel' && !e.NEOTEL_BASE_URL)
    throw new Error('Invalid configuration: NEOTEL_BASE_URL is required with TELEPHONY_ADAPTER=neotel');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(process.cwd(), e.DATA_DIR),
    backup: {
      dir: e.BACKUP_DIR ? resolve(process.cwd(), e.BACKUP_DIR) : resolve(process.cwd(), e.DATA_DIR, 'backups'),
      keep: e.BACKUP_KEEP,
      intervalHours: e.BACKUP_INTERVAL_HOURS,
    },
    databaseUrl: e.DATABASE_URL,
    memoryDatabase: false,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    loginThrottle: {
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      pairFreeFailures: e.LOGIN_PAIR_FREE_FAILURES,
      accountFreeFailures: e.LOGIN_ACCOUNT_FREE_FAILURES,
      addressFreeFailures: e.LOGIN_ADDRESS_FREE_FAILURES,
      delayBaseSeconds: e.LOGIN_DELAY_BASE_SECONDS,
      delayMaxSeconds: e.LOGIN_DELAY_MAX_SECONDS,
    },
    securityLogRetentionDays: e.SECURITY_LOG_RETENTION_DAYS,
    apiDocsRequireSession: e.API_DOCS_REQUIRE_SESSION,
    secondFactorKey: e.SECOND_FACTOR_KEY,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    cookieSecure: e.COOKIE_SECURE,
    seed: e.SEED,
    seedLeads: e.SEED_LEADS,
    seedCallBacks: e.SEED_CALL_BACKS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolve(process.cwd(), e.WEB_DIST) : DEFAULT_WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    dbPoolMax: e.DB_POOL_MAX,
    listCountThreshold: e.LIST_COUNT_THRESHOLD,
    listTextProbeCap: e.LIST_TEXT_PROBE_CAP,
    listTextCountThreshold: e.LIST_TEXT_COUNT_THRESHOLD,
    workflowAutoRun: e.WORKFLOW_AUTORUN,
    massive: { workerSeconds: e.MASSIVE_WORKER_SECONDS, leaseSeconds: e.MASSIVE_LEASE_SECONDS, chunkRows: e.MASSIVE_CHUNK_ROWS },
    stageRuns: {
      simulateFailSuffix: e.STAGE_SIMULATE_FAIL_SUFFIX,
      wait: e.STAGE_RUN_WAIT,
      maxAttempts: e.STAGE_MAX_ATTEMPTS,
      retrySeconds: e.STAGE_RETRY_SECONDS,
      workerSeconds: e.STAGE_WORKER_SECONDS,
    },
    countCacheSeconds: e.COUNT_CACHE_SECONDS,
    pageAnchorRows: e.PAGE_ANCHOR_ROWS,
    dashboardCacheSeconds: e.DASHBOARD_CACHE_SECONDS,
    exportBatch: e.EXPORT_BATCH,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    realtime: {
      enabled: e.REALTIME_ENABLED,
      path: e.REALTIME_PATH,
      publicUrl: e.REALTIME_PUBLIC_URL,
      origins: e.REALTIME_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
      reminderCheckSeconds: e.REALTIME_REMINDER_CHECK_SECONDS,
    },
    callPostponeMinutes: e.CALL_POSTPONE_MINUTES,
    delinquencyCheckSeconds: e.DELINQUENCY_CHECK_SECONDS,
    collectionDueDate: {
      minDays: Math.min(e.COLLECTION_DUE_DATE_MIN_DAYS, e.COLLECTION_DUE_DATE_MAX_DAYS),
      maxDays: Math.max(e.COLLECTION_DUE_DATE_MIN_DAYS, e.COLLECTION_DUE_DATE_MAX_DAYS),
    },
    telephony: {
      adapter: e.TELEPHONY_ADAPTER,
      simulateFailure: e.TELEPHONY_SIMULATE_FAILURE,
      failSuffix: e.TELEPHONY_FAIL_SUFFIX,
      neotelBaseUrl: e.NEOTEL_BASE_URL,
      neotelToken: e.NEOTEL_TOKEN || undefined,
      neotelTimeoutMs: e.NEOTEL_TIMEOUT_MS,
    },
    rateLimits: {
      customerLookup: e.CUSTOMER_LOOKUP_RATE_LIMIT,
      searcher: e.SEARCHER_RATE_LIMIT,
      testCall: e.TEST_CALL_RATE_LIMIT,
      exports: e.EXPORT_RATE_LIMIT,
      lists: e.LIST_RATE_LIMIT,
    },
    legal: {
      companyName: e.COMPANY_NAME,
      publicWebUrl: e.PUBLIC_WEB_URL.replace(/\/+$/, ''),
      verifyRateLimit: e.DEBT_FREE_VERIFY_RATE_LIMIT,
      regret: {
        arg: { rule: e.REGRET_RULE_ARG, calendarDays: e.REGRET_CALENDAR_DAYS_ARG, businessDays: e.REGRET_BUSINESS_DAYS_ARG },
        col: { rule: e.REGRET_RULE_COL, calendarDays: e.REGRET_CALENDAR_DAYS_COL, businessDays: e.REGRET_BUSINESS_DAYS_COL },
      },
      transferAttempts: e.REGRET_TRANSFER_ATTEMPTS,
      simulateFailSuffix: e.REGRET_SIMULATE_FAIL_SUFFIX,
      simulateShortSuffix: e.REGRET_SIMULATE_SHORT_SUFFIX,
    },
    messaging: {
      smsUrl: e.MESSAGING_SMS_URL,
      whatsappUrl: e.MESSAGING_WHATSAPP_URL,
      providerToken: e.MESSAGING_PROVIDER_TOKEN || undefined,
      smtpUrl: e.MESSAGING_SMTP_URL,
      emailFrom: e.MESSAGING_EMAIL_FROM,
      webhookSecret: e.MESSAGING_WEBHOOK_SECRET,
      simulateFailSuffix: e.MESSAGING_SIMULATE_FAIL_SUFFIX,
      maxAttempts: e.MESSAGING_MAX_ATTEMPTS,
      retrySeconds: e.MESSAGING_RETRY_SECONDS,
      workerSeconds: e.MESSAGING_WORKER_SECONDS,
      quietHours: e.MESSAGING_QUIET_HOURS,
    },
  };
}
