import path from 'node:path';
import { z } from 'zod';
import { CLUB_TIME_ZONE } from '../domain/dates';
import { EVENT_STREAMS_PER_ADDRESS, EVENT_STREAMS_PER_PROCESS } from '../domain/constants';

// The environment is read here once, validated, and handed on as a typed object.
// Nothing else in the server reads process.env (tests build a config directly).

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  // A session connection straight to PostgreSQL, for LISTEN and the migration lock, when
  // DATABASE_URL goes through a transaction pooler such as PgBouncer (docs/operations.md).
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_LISTEN_URL must start with postgres:// or postgresql://')
    .optional(),
  APP_URL: z.url({ error: 'APP_URL must be a full URL such as https://club.example.org' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must look like smtp://user:pass@host:port')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Jigsaw Club <no-reply@localhost>'),
  // The key of the e-mails' unsubscribe links (mail/unsubscribe-token.ts); unset, the server
  // makes one and keeps it in the database.
  UNSUBSCRIBE_SECRET: z.string().min(32, { error: 'UNSUBSCRIBE_SECRET must be at least 32 characters' }).optional(),
  // The club's clock for the digests (docs/product/email.md#digests).
  CLUB_TIMEZONE: z
    .string()
    .refine(isTimeZone, { error: 'CLUB_TIMEZONE must be a time zone name such as Europe/London' })
    .default(CLUB_TIME_ZONE),
  UPLOAD_DIR: z.string().min(1).optional(),
  // Object storage for pictures (docs/operations.md, 'Pictures in object storage'): S3_BUCKET
  // switches it on; the others only mean something with it.
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be a full URL such as https://s3.example.com' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'S3_REGION must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'S3_PUBLIC_URL must be a full URL such as https://pictures.example.org' })
    .optional(),
  ADDRESS_LOOKUP_URL: z.url().optional(),
  ADDRESS_LOOKUP_KEY: z.string().optional(),
  // The postcode-to-point service for distances (docs/operations.md): a postcodes.io-style
  // address, or 'off'.
  POSTCODE_GEO_URL: z
    .union([
      z.literal('off'),
      z.url({
        protocol: /^https?$/,
        error: "POSTCODE_GEO_URL must be a full URL such as https://api.postcodes.io, or 'off'",
      }),
    ])
    .default('https://api.postcodes.io'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  // Live-update streams one address and one process may hold (decision 0026): a process's
  // share of memory and file handles is the operator's to size.
  EVENT_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(EVENT_STREAMS_PER_ADDRESS),
  EVENT_STREAMS_PER_PROCESS: z.coerce.number().int().min(1).default(EVENT_STREAMS_PER_PROCESS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Where LISTEN and the migration lock connect: PostgreSQL itself, when databaseUrl is a
   * transaction pooler. Undefined: databaseUrl.
   */
  databaseListenUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The unsubscribe links' key; undefined: one kept in the database. */
  unsubscribeSecret: string | undefined;
  /** The club's time zone, for the digests' hour. */
  clubTimeZone: string;
  /** Where pictures are stored when object storage is off (the default). */
  uploadDir: string;
  /** Object storage for pictures; undefined keeps them in uploadDir. */
  s3: S3Config | undefined;
  addressLookup: { url: string; key: string } | undefined;
  /** The postcode-to-point service (postcodes.io API); undefined turns distance off. */
  postcodeGeo: { url: string } | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Behind a reverse proxy, take the client's address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Where the built web client lives; undefined serves API only. */
  clientDir: string | undefined;
  /** Live-update streams one address, and this process, may hold open at once. */
  eventStreams: { perAddress: number; perProcess: number };
};

export type S3Config = {
  bucket: string;
  /** An S3-compatible service's address; undefined means Amazon S3 itself. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither lets the SDK find credentials itself (AWS_* variables, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where browsers fetch pictures from (a CDN or the bucket's public address), without a trailing slash. */
  publicUrl: string | undefined;
};

export class ConfigError extends Error {}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;

function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) {
    // A half-done switch would quietly keep pictures on one machine's disk.
    const stray = S3_SETTINGS.find((name) => e[name] !== undefined);
    if (stray) throw new ConfigError(`Configuration error: ${stray} is set but S3_BUCKET is not`);
    return undefined;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Configuration error: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/** Reads configuration from an environment (process.env by default). Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Configuration error: ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    unsubscribeSecret: e.UNSUBSCRIBE_SECRET,
    clubTimeZone: e.CLUB_TIMEZONE,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    s3: s3Config(e),
    addressLookup:
      e.ADDRESS_LOOKUP_URL && e.ADDRESS_LOOKUP_KEY
        ? { url: e.ADDRESS_LOOKUP_URL.replace(/\/+$/, ''), key: e.ADDRESS_LOOKUP_KEY }
        : undefined,
    postcodeGeo: e.POSTCODE_GEO_URL === 'off' ? undefined : { url: e.POSTCODE_GEO_URL.replace(/\/+$/, '') },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    clientDir: path.resolve('dist/client'),
    eventStreams: { perAddress: e.EVENT_STREAMS_PER_ADDRESS, perProcess: e.EVENT_STREAMS_PER_PROCESS },
  };
}

/** A URL safe to print: the password is replaced. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}
