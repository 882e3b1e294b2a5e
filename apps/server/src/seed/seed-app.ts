import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { loadConfig, type Config } from '../config';

/**
 * The configuration of an app the seed builds to make demo data through the API (`inject`): its
 * tokens are used within the seed only, it writes nothing to the data folder, runs no jobs, no
 * live engine, and logs nothing. `extra` adds what one seed step needs (raised fan limits).
 */
export function seedAppConfig(extra: Record<string, string> = {}): Config {
  return loadConfig({
    ...process.env,
    UMPIRE_JWT_SECRET: randomBytes(32).toString('base64url'),
    DATA_DIR: tmpdir(),
    LOG_LEVEL: 'silent',
    JOB_WORKER: 'false',
    OTT_LIVE: 'false',
    ...extra,
  });
}
