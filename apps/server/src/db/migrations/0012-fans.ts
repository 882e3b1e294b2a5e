import { createBusinessTable } from '../columns';
import type { DB, Dialect } from '../database';

/**
 * Fans of a client's websites and apps (issue 10): who the fan-facing API (`/public/v1`) knows.
 * A fan is an anonymous device identity (`device_id`, made by the app or browser) or an account
 * (`email` and a scrypt password hash); both are unique per client. A banned fan can read but
 * not write.
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  await createBusinessTable(
    db, d, 'fans',
    [
      ['kind', 'string', { notNull: true }],
      ['device_id', 'string'],
      ['email', 'string'],
      ['password_hash', 'string'],
      ['display_name', 'string'],
      ['is_banned', 'boolean', { notNull: true, default: false }],
      ['banned_at', 'datetime'],
      ['last_seen_at', 'datetime'],
    ],
    [],
    ['device_id', 'email'],
  );
}
