/** Environment, parsed once with zod: production refuses to start without SESSION_SECRET or APP_URL. */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_SESSION_IDLE_HOURS } from "#domain/accounts/session-rules.ts";
import {
  DEFAULT_DATABASE_PATH,
  DEFAULT_MAIL_FROM,
  appUrl,
  dataDir,
  databaseTarget,
  isPostgresUrl,
  mailConfig,
  type DatabaseTarget,
} from "#db/config.ts";

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_PATH: z.string().trim().min(1).default(DEFAULT_DATABASE_PATH),
    /** postgres://… selects PostgreSQL (several app servers); unset, the SQLite file at DATABASE_PATH. */
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || isPostgresUrl(v), "DATABASE_URL must be a postgres:// or postgresql:// URL"),
    SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default(DEFAULT_MAIL_FROM),
    /** The app's public address, for links in emails: required in production, never a request's Host. */
    APP_URL: z.string().optional(),
    UPLOAD_MAX_MB: z.coerce.number().positive().default(10),
    LOGIN_MAX_FAILURES_PER_USER: z.coerce.number().int().positive().default(5),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
    LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    /** "1": every admin must have two-factor sign-in; one without it sets it up at the next sign-in. */
    REQUIRE_ADMIN_2FA: z
      .string()
      .optional()
      .transform((v) => v === "1"),
    /** A session not seen for this many hours ends; the 7-day lifetime holds regardless. */
    SESSION_IDLE_HOURS: z.coerce.number().positive().default(DEFAULT_SESSION_IDLE_HOURS),
    /** "false": production cookies lose Secure unless the request came over HTTPS (plain-HTTP trials only). */
    COOKIE_SECURE: z.string().optional(),
    /** "1" behind a reverse proxy: X-Forwarded-For/-Host/-Proto are then believed. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) => (v === "1" ? "1" : "0")),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "SESSION_SECRET is required in production (for example: export SESSION_SECRET=$(openssl rand -hex 32))",
      });
    }
    // Every app server on one PostgreSQL database must sign sessions with the same secret: none is generated.
    if (env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "SESSION_SECRET is required with DATABASE_URL: every app server must share it (for example: export SESSION_SECRET=$(openssl rand -hex 32))",
      });
    }
    try {
      appUrl({ NODE_ENV: env.NODE_ENV, APP_URL: env.APP_URL });
    } catch (error) {
      ctx.addIssue({ code: "custom", path: ["APP_URL"], message: (error as Error).message });
    }
  });

export type Env = Omit<z.infer<typeof schema>, "APP_URL"> & { SESSION_SECRET: string; APP_URL: string };

/** Outside production a secret is generated once and kept in the data directory. */
function devSecret(source: NodeJS.ProcessEnv): string {
  const file = path.join(dataDir(source), "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return {
    ...result.data,
    SESSION_SECRET: result.data.SESSION_SECRET ?? devSecret(source),
    APP_URL: appUrl({ NODE_ENV: result.data.NODE_ENV, APP_URL: result.data.APP_URL }),
  };
}

export const env = parseEnv();

/** The database the app opens: PostgreSQL at DATABASE_URL, else the SQLite file at DATABASE_PATH. */
export const DATABASE: DatabaseTarget = databaseTarget({
  ...process.env,
  DATABASE_URL: env.DATABASE_URL,
  DATABASE_PATH: env.DATABASE_PATH,
});

/** Uploaded reports and other files live beside the database. */
export const DATA_DIR = dataDir({ ...process.env, DATABASE_PATH: env.DATABASE_PATH });

/** SMTP when configured, else .eml files in data/outbox/. */
export const MAIL_CONFIG = mailConfig({
  ...process.env,
  DATABASE_PATH: env.DATABASE_PATH,
  SMTP_URL: env.SMTP_URL,
  MAIL_FROM: env.MAIL_FROM,
  APP_URL: env.APP_URL,
});
