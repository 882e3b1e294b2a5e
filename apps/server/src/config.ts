import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set, else SQLite under dataDir. */
  databaseUrl: string | null;
  sqlitePath: string;
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  /** Origins the sign-in gateway may redirect to. */
  allowedOrigins: string[];
  adminDist: string;
  /** Public origin when behind a proxy; otherwise derived from each request. */
  publicUrl: string | null;
  cdnId: string;
  interfaceLanguages: string[];
  defaultLanguage: string;
  bodyLimit: number;
  signInLimitPerMinute: number;
  seedOnEmpty: boolean;
  logLevel: string;
}

/** The JWT secret comes from UMPIRE_JWT_SECRET, else a file under data/ made on first start. */
function loadSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  const fromEnv = env.UMPIRE_JWT_SECRET;
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 8080);
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const list = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const origins = list(env.ALLOWED_ORIGINS);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    sqlitePath: join(dataDir, 'umpire.sqlite'),
    jwtSecret: loadSecret(env, dataDir),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 12 * 3600),
    allowedOrigins: origins.length
      ? origins
      : [`http://localhost:${port}`, `http://127.0.0.1:${port}`, 'http://localhost:5173', 'http://127.0.0.1:5173'],
    adminDist: resolve(env.ADMIN_DIST ?? join(REPO_ROOT, 'apps/admin/dist')),
    publicUrl: env.PUBLIC_URL || null,
    cdnId: env.CDN_ID ?? 'umpire',
    interfaceLanguages: list(env.INTERFACE_LANGUAGES ?? 'pl,en'),
    defaultLanguage: env.DEFAULT_LANGUAGE ?? 'pl',
    bodyLimit: Number(env.BODY_LIMIT ?? 1024 * 1024),
    signInLimitPerMinute: Number(env.SIGN_IN_LIMIT ?? 10),
    seedOnEmpty: env.SEED_ON_EMPTY !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    ...overrides,
  };
}
