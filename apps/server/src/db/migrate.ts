import { Migrator, sql, type Migration } from 'kysely';
import type { Database, DB, Dialect } from './database';
import * as core from './migrations/0001-core';
import * as firstResources from './migrations/0002-first-resources';
import * as competitionAndMatches from './migrations/0003-competition-and-matches';
import * as sortIndexes from './migrations/0004-sort-indexes';
import * as headToHead from './migrations/0005-head-to-head-when-complete';
import * as textShadowColumns from './migrations/0006-text-shadow-columns';
import * as mediaFiles from './migrations/0007-media-files';
import * as imagesFromLibrary from './migrations/0008-images-from-library';
import * as fileUploads from './migrations/0009-file-uploads';
import * as contentPages from './migrations/0010-content-pages';
import * as articlesAndJobs from './migrations/0011-articles-and-jobs';
import * as fans from './migrations/0012-fans';
import * as surveysAndComments from './migrations/0014-surveys-and-comments';
import * as pushNotifications from './migrations/0016-push-notifications';
import * as matchPredictor from './migrations/0015-match-predictor';
import * as quizzes from './migrations/0013-quizzes';
import * as revokedTokens from './migrations/0021-revoked-tokens';
import * as dataVersions from './migrations/0020-data-versions';
import * as ott from './migrations/0017-ott';
import * as quizRankingBuckets from './migrations/0019-quiz-ranking-buckets';
import * as rateLimitHits from './migrations/0022-rate-limit-hits';
import * as uploadWriters from './migrations/0023-upload-writers';
import * as ottLiveOwners from './migrations/0024-ott-live-owners';
import * as ottEntitlements from './migrations/0026-ott-entitlements';
import * as auditWithoutStreamSecrets from './migrations/0027-audit-without-stream-secrets';
import * as deliveryKeys from './migrations/0025-delivery-keys';
import * as quizAttemptStarts from './migrations/0028-quiz-attempt-starts';
import * as fanChallenges from './migrations/0029-fan-challenges';
import * as imports from './migrations/0030-imports';
import * as articleSlugHistory from './migrations/0031-article-slug-history';
import * as pageTemplates from './migrations/0032-page-templates';
import * as ottEventMatch from './migrations/0033-ott-event-match';
import * as matchAlerts from './migrations/0034-match-alerts';
import { cascadesOf } from './data-versions';

/** Every migration in order; each one runs on SQLite and PostgreSQL alike. */
const MIGRATIONS = {
  '0001-core': core,
  '0002-first-resources': firstResources,
  '0003-competition-and-matches': competitionAndMatches,
  '0004-sort-indexes': sortIndexes,
  '0005-head-to-head-when-complete': headToHead,
  '0006-text-shadow-columns': textShadowColumns,
  '0007-media-files': mediaFiles,
  '0008-images-from-library': imagesFromLibrary,
  '0009-file-uploads': fileUploads,
  '0010-content-pages': contentPages,
  '0011-articles-and-jobs': articlesAndJobs,
  '0012-fans': fans,
  '0014-surveys-and-comments': surveysAndComments,
  '0016-push-notifications': pushNotifications,
  '0015-match-predictor': matchPredictor,
  '0013-quizzes': quizzes,
  '0021-revoked-tokens': revokedTokens,
  '0020-data-versions': dataVersions,
  '0017-ott': ott,
  '0019-quiz-ranking-buckets': quizRankingBuckets,
  '0022-rate-limit-hits': rateLimitHits,
  '0023-upload-writers': uploadWriters,
  '0024-ott-live-owners': ottLiveOwners,
  '0026-ott-entitlements': ottEntitlements,
  '0027-audit-without-stream-secrets': auditWithoutStreamSecrets,
  '0025-delivery-keys': deliveryKeys,
  '0028-quiz-attempt-starts': quizAttemptStarts,
  '0029-fan-challenges': fanChallenges,
  '0030-imports': imports,
  '0031-article-slug-history': articleSlugHistory,
  '0032-page-templates': pageTemplates,
  '0033-ott-event-match': ottEventMatch,
  '0034-match-alerts': matchAlerts,
};

/**
 * Runs every migration, then `derive`: what the migrations cannot fill because it follows from the
 * running code above the database (the engine's shadow columns: jsonapi/migrate.ts passes them),
 * before the versions of tables are switched on.
 */
export async function runMigrations(database: Database, derive: (db: DB, dialect: Dialect) => Promise<void>): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(MIGRATIONS)) migrations[name] = { up: (db) => m.up(db, database.dialect) };
  // Kysely's migrator takes a lock, so instances starting side by side migrate once.
  // Capabilities are built side by side, each with its own numbered migration creating its own
  // tables: a database that already ran a later one must still take an earlier one merged after it.
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // Derived columns follow the running code (the text shadows: the collation, filled here after 0006 added them).
  await derive(database.db, database.dialect);
  // From here on every write bumps the versions of its tables; reads of a view depend on everything.
  const views =
    database.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.views where table_schema = current_schema()`.execute(database.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'view'`.execute(database.db);
  // Foreign keys whose delete changes rows of another table (cascade, set null, set default).
  const keys =
    database.dialect === 'postgres'
      ? await sql<{ parent: string; child: string }>`select confrelid::regclass::text as parent, conrelid::regclass::text as child from pg_constraint where contype = 'f' and confdeltype in ('c', 'n', 'd')`.execute(database.db)
      : await sql<{ parent: string; child: string }>`select f."table" as parent, m.name as child from sqlite_master m join pragma_foreign_key_list(m.name) f where m.type = 'table' and f.on_delete in ('CASCADE', 'SET NULL', 'SET DEFAULT')`.execute(database.db);
  database.versions.enable(
    views.rows.map((r) => r.name),
    cascadesOf(keys.rows.map((k) => ({ parent: k.parent.replace(/^.*\./, '').replace(/"/g, ''), child: k.child.replace(/^.*\./, '').replace(/"/g, '') }))),
  );
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
