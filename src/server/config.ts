import path from 'node:path';
import { z } from 'zod';

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
  APP_URL: z.url({ error: 'APP_URL must be a full URL such as https://club.example.org' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must look like smtp://user:pass@host:port')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Jigsaw Club <no-reply@localhost>'),
  UPLOAD_DIR: z.string().min(1).optional(),
  ADDRESS_LOOKUP_URL: z.url().optional(),
  ADDRESS_LOOKUP_KEY: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  uploadDir: string;
  addressLookup: { url: string; key: string } | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Behind a reverse proxy, take the client's address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Where the built web client lives; undefined serves API only. */
  clientDir: string | undefined;
};

export class ConfigError extends Error {}

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
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    addressLookup:
      e.ADDRESS_LOOKUP_URL && e.ADDRESS_LOOKUP_KEY
        ? { url: e.ADDRESS_LOOKUP_URL.replace(/\/+$/, ''), key: e.ADDRESS_LOOKUP_KEY }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    clientDir: path.resolve('dist/client'),
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
