import * as path from 'node:path';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@atelier/contracts';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// Unset and empty are the same for every variable: `PORT= npm start` means "use the default".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const port = z.coerce
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const positiveInt = (max: number) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, `must be between 1 and ${max}`)
    .max(max, `must be between 1 and ${max}`);

const positiveAmount = (unit: string, max: number) =>
  z.coerce
    .number({ message: `must be a number of ${unit}` })
    .positive(`must be more than 0 and at most ${max}`)
    .max(max, `must be more than 0 and at most ${max}`);

const flag = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((value) => value === 'true');

const urlWithProtocols = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

const origins = z
  .string()
  .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
  .refine(
    (list) => list.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
    'must be a comma-separated list of origins such as https://example.com',
  );

/** A mail's sender: `me@example.com` or `Name <me@example.com>`. */
const mailbox = z
  .string()
  .trim()
  .refine(
    (value) => /^[^<>@\s]+@[^<>@\s]+$/.test(value) || /^[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>$/.test(value),
    'must be an address such as me@example.com or "Name <me@example.com>"',
  );

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('development'),
  HOST: optional(z.string()).default('0.0.0.0'),
  PORT: optional(port).default(3000),
  DATA_DIR: optional(z.string()).default('./data'),
  DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'])),
  REDIS_URL: optional(urlWithProtocols(['redis:', 'rediss:'])),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ADMIN_TOKEN: optional(z.string().min(24, 'must be at least 24 characters')),
  CORS_ORIGINS: optional(origins).default([]),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).default('info'),
  // No default here: loadAppConfig picks one from NODE_ENV and whether stdout is a terminal.
  LOG_FORMAT: optional(z.enum(['json', 'pretty'])),
  FRONTEND_DIST: optional(z.string()),
  UPLOAD_MAX_BYTES: optional(positiveInt(50 * 1024 * 1024)).default(DEFAULT_UPLOAD_MAX_BYTES),
  VIDEO_UPLOAD_MAX_BYTES: optional(positiveInt(1024 * 1024 * 1024)).default(100 * 1024 * 1024),
  IMAGE_CACHE_MAX_MB: optional(positiveAmount('megabytes', 1024 * 1024)).default(1024),
  IMAGE_RENDER_QUEUE_MAX: optional(positiveInt(10_000)).default(16),
  IMAGE_RENDERS_PER_IP_PER_MINUTE: optional(positiveInt(100_000)).default(120),
  JWT_TTL_SECONDS: optional(positiveInt(365 * 24 * 3600)).default(7 * 24 * 3600),
  GUEST_SANDBOX_HOURS: optional(positiveAmount('hours', 24 * 30)).default(24),
  GUEST_SANDBOXES_PER_IP_PER_HOUR: optional(positiveInt(100_000)).default(5),
  GUEST_SANDBOXES_MAX: optional(positiveInt(1_000_000)).default(500),
  GUEST_SANDBOX_PICTURE_MB: optional(positiveAmount('megabytes', 1024)).default(10),
  GUEST_SANDBOXES_PICTURE_MB: optional(positiveAmount('megabytes', 1024 * 1024)).default(1024),
  AUTH_RATE_LIMIT_PER_MINUTE: optional(positiveInt(100_000)).default(10),
  MEMBER_WRITES_PER_MINUTE: optional(positiveInt(100_000)).default(60),
  ADMIN_WRITES_PER_MINUTE: optional(positiveInt(1_000_000)).default(600),
  TRUST_PROXY: optional(z.string()),
  QUEUE_PREFIX: optional(z.string().regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')).default('atelier'),
  GENERATION_RATE_LIMIT_PER_MINUTE: optional(positiveInt(100_000)).default(10),
  GENERATION_QUEUE_CAP: optional(positiveInt(100_000)).default(100),
  GENERATION_CONCURRENCY: optional(positiveInt(64)).default(2),
  GENERATION_TIMEOUT_SECONDS: optional(positiveAmount('seconds', 3600)).default(120),
  GENERATION_QUEUE_TIMEOUT_SECONDS: optional(positiveAmount('seconds', 24 * 3600)).default(900),
  GENERATION_RETENTION_DAYS: optional(positiveAmount('days', 3650)).default(7),
  GENERATION_FALLBACK: optional(z.enum(['procedural', 'refuse'])).default('procedural'),
  GENERATION_CONSUMER: optional(flag).default(true),
  WORKER_HEALTH_INTERVAL_SECONDS: optional(positiveAmount('seconds', 3600)).default(30),
  COMFYUI_WORKFLOW_FILE: optional(z.string()),
  SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'])),
  CONTACT_EMAIL: optional(z.email('must be an email address such as me@example.com')),
  CONTACT_FROM: optional(mailbox),
  CONTACT_MESSAGES_PER_IP_PER_HOUR: optional(positiveInt(100_000)).default(5),
  CV_UPLOAD_MAX_BYTES: optional(positiveInt(100 * 1024 * 1024)).default(10 * 1024 * 1024),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

/** The typed configuration, parsed once at boot from the environment. */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  jwtSecret?: string;
  adminToken?: string;
  corsOrigins: string[];
  logLevel: LogLevel;
  logFormat: 'json' | 'pretty';
  frontendDist: string;
  /** Largest accepted upload (register picture, post picture), in bytes. */
  uploadMaxBytes: number;
  /** Largest gallery video the owner may upload (`atelier gallery import`), in bytes; held in memory while checked. */
  videoUploadMaxBytes: number;
  /** The most the resized-image cache (DATA_DIR/cache/images) may hold; least recently served renders go first. */
  imageCacheMaxBytes: number;
  /** Resized images that may wait for one of the two render slots; beyond them 503 with Retry-After. */
  imageRenderQueueMax: number;
  /** New (uncached) resized images one client IP may have rendered per minute; beyond them 429. */
  imageRendersPerIpPerMinute: number;
  /** How long a sign-in token stays valid. */
  jwtTtlSeconds: number;
  /** How long a guest's sandbox (one per guest sign-in) lives before the sweep removes it, in ms. */
  guestSandboxMs: number;
  /** Guest sandboxes one client IP may open per hour, and how many may live at once in total. */
  guestSandboxesPerIpPerHour: number;
  guestSandboxesMax: number;
  /** Bytes of post pictures one guest sandbox may store in its life, and all live sandboxes together. */
  guestSandboxPictureBytes: number;
  guestSandboxesPictureBytes: number;
  /** Login attempts, and separately registrations, allowed per client IP per minute. */
  authRateLimitPerMinute: number;
  /** Posts, and separately comments, like toggles and friend toggles, one member may make per minute. */
  memberWritesPerMinute: number;
  /** Admin API writes (content, uploads, workers, jobs, members) allowed per client address per minute: a leaked token cannot fill the disk at wire speed. */
  adminWritesPerMinute: number;
  /** Fastify `trustProxy` value (proxy-addr syntax), so rate limits see client IPs behind a proxy (e.g. `1`, `loopback`). */
  trustProxy?: string;
  generation: GenerationConfig;
  contact: ContactConfig;
  /** Largest CV PDF the owner may upload (`atelier site cv`), in bytes; held in memory while checked. */
  cvUploadMaxBytes: number;
}

/** Contact messages (POST /api/contact): where they are mailed, and how many one address may send. */
export interface ContactConfig {
  /** smtp:// or smtps:// URL, credentials included; unset: messages are only stored. Never logged. */
  smtpUrl?: string;
  /** The owner's address the messages are mailed to (required with smtpUrl). */
  to?: string;
  /** The mails' sender: CONTACT_FROM, else the owner's own address under the name "Atelier contact form". */
  from?: string;
  /** Messages one client address (an IPv6 one by its /64) may send per hour; beyond them 429. */
  messagesPerIpPerHour: number;
}

/** Jobs, queue and GPU workers (docs/decisions/0002-bullmq-with-in-process-fallback.md). Durations in milliseconds. */
export interface GenerationConfig {
  /** Key prefix of the BullMQ queue in Redis, so several sites (or test runs) can share one Redis. */
  queuePrefix: string;
  /** Jobs one client IP may start per minute. */
  rateLimitPerMinute: number;
  /** Queued plus running jobs beyond which new ones are refused with 429. */
  queueCap: number;
  /** Jobs this process runs at once. */
  concurrency: number;
  /** How long a provider may take for one picture before the job ends as ERROR. */
  timeoutMs: number;
  /** How long a job may wait for a runner before it ends as TIMED_OUT. */
  queueTimeoutMs: number;
  /** Finished jobs and their pictures older than this are deleted. */
  retentionMs: number;
  /** What to do when no GPU worker is usable: render procedurally, or refuse (job ERROR). */
  fallback: 'procedural' | 'refuse';
  /** Whether this process runs jobs; with REDIS_URL an API process may leave that to `npm run worker`. */
  consumer: boolean;
  workerHealthIntervalMs: number;
  /** ComfyUI workflow template (API format JSON); a built-in SD 1.5 graph when unset. */
  comfyWorkflowFile?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const describeValue = (value: unknown) => (value === undefined ? 'unset' : JSON.stringify(value));

/** SMTP_URL carries the mail account's password: a message about a bad one must not print it. */
const withoutPassword = (value: string | undefined) => value?.replace(/^([a-z]+:\/\/[^:/]*:)[^/]*@/i, '$1***@');

/**
 * Unless LOG_FORMAT says otherwise: someone reading a terminal gets pretty lines; production and
 * output that goes to a pipe, a file or a log collector get one JSON object per line.
 */
function defaultLogFormat(nodeEnv: AppConfig['env'], stdout: { isTTY?: boolean }): AppConfig['logFormat'] {
  return nodeEnv !== 'production' && stdout.isTTY === true ? 'pretty' : 'json';
}

/**
 * Parses and validates the environment; throws a ConfigError naming every bad variable. `stdout` is
 * where the logs go (the entry points pass process.stdout): whether it is a terminal picks LOG_FORMAT's default.
 */
export function loadAppConfig(env: NodeJS.ProcessEnv, cwd = process.cwd(), stdout: { isTTY?: boolean } = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name} ${issue.message} (got ${describeValue(name === 'SMTP_URL' ? withoutPassword(env[name]) : env[name])})`;
    });
    throw new ConfigError(problems);
  }
  const vars = parsed.data;
  if (!vars.GENERATION_CONSUMER && !vars.REDIS_URL) {
    throw new ConfigError([
      'GENERATION_CONSUMER=false needs REDIS_URL: without Redis, jobs run in the API process or nowhere (got REDIS_URL unset)',
    ]);
  }
  if (vars.SMTP_URL && !vars.CONTACT_EMAIL) {
    throw new ConfigError(['SMTP_URL needs CONTACT_EMAIL: the address contact messages are mailed to (got CONTACT_EMAIL unset)']);
  }
  if (vars.NODE_ENV === 'production' && !vars.JWT_SECRET) {
    throw new ConfigError(['JWT_SECRET is required when NODE_ENV=production (got unset)']);
  }
  return {
    env: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    dataDir: path.resolve(cwd, vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    jwtSecret: vars.JWT_SECRET,
    adminToken: vars.ADMIN_TOKEN,
    corsOrigins: vars.CORS_ORIGINS,
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT ?? defaultLogFormat(vars.NODE_ENV, stdout),
    // backend/src/config and backend/dist/config are both three levels below the repo root.
    frontendDist: vars.FRONTEND_DIST
      ? path.resolve(cwd, vars.FRONTEND_DIST)
      : path.resolve(__dirname, '../../../frontend/dist'),
    uploadMaxBytes: vars.UPLOAD_MAX_BYTES,
    videoUploadMaxBytes: vars.VIDEO_UPLOAD_MAX_BYTES,
    imageCacheMaxBytes: Math.round(vars.IMAGE_CACHE_MAX_MB * 1024 * 1024),
    imageRenderQueueMax: vars.IMAGE_RENDER_QUEUE_MAX,
    imageRendersPerIpPerMinute: vars.IMAGE_RENDERS_PER_IP_PER_MINUTE,
    jwtTtlSeconds: vars.JWT_TTL_SECONDS,
    guestSandboxMs: Math.round(vars.GUEST_SANDBOX_HOURS * 3600 * 1000),
    guestSandboxesPerIpPerHour: vars.GUEST_SANDBOXES_PER_IP_PER_HOUR,
    guestSandboxesMax: vars.GUEST_SANDBOXES_MAX,
    guestSandboxPictureBytes: Math.round(vars.GUEST_SANDBOX_PICTURE_MB * 1024 * 1024),
    guestSandboxesPictureBytes: Math.round(vars.GUEST_SANDBOXES_PICTURE_MB * 1024 * 1024),
    authRateLimitPerMinute: vars.AUTH_RATE_LIMIT_PER_MINUTE,
    memberWritesPerMinute: vars.MEMBER_WRITES_PER_MINUTE,
    adminWritesPerMinute: vars.ADMIN_WRITES_PER_MINUTE,
    trustProxy: vars.TRUST_PROXY,
    generation: {
      queuePrefix: vars.QUEUE_PREFIX,
      rateLimitPerMinute: vars.GENERATION_RATE_LIMIT_PER_MINUTE,
      queueCap: vars.GENERATION_QUEUE_CAP,
      concurrency: vars.GENERATION_CONCURRENCY,
      timeoutMs: Math.round(vars.GENERATION_TIMEOUT_SECONDS * 1000),
      queueTimeoutMs: Math.round(vars.GENERATION_QUEUE_TIMEOUT_SECONDS * 1000),
      retentionMs: Math.round(vars.GENERATION_RETENTION_DAYS * 24 * 3600 * 1000),
      fallback: vars.GENERATION_FALLBACK,
      consumer: vars.GENERATION_CONSUMER,
      workerHealthIntervalMs: Math.round(vars.WORKER_HEALTH_INTERVAL_SECONDS * 1000),
      comfyWorkflowFile: vars.COMFYUI_WORKFLOW_FILE ? path.resolve(cwd, vars.COMFYUI_WORKFLOW_FILE) : undefined,
    },
    contact: {
      smtpUrl: vars.SMTP_URL,
      to: vars.CONTACT_EMAIL,
      from: vars.CONTACT_FROM ?? (vars.CONTACT_EMAIL ? `Atelier contact form <${vars.CONTACT_EMAIL}>` : undefined),
      messagesPerIpPerHour: vars.CONTACT_MESSAGES_PER_IP_PER_HOUR,
    },
    cvUploadMaxBytes: vars.CV_UPLOAD_MAX_BYTES,
  };
}
