import { configDefaults, defineConfig } from 'vitest/config';

// Test files that run only on PostgreSQL, left out of the SQLite run instead of skipped there. The
// PostgreSQL run orders its files by the durations vitest's cache holds, longest first, and on a
// fresh clone those are the SQLite run's: a file skipped there in an instant started last here and
// ran alone at the end (the cluster's 66 s, a quarter of the suite's time on CI). Unknown to the
// cache, it starts first, beside the others.
const POSTGRES_ONLY = ['test/cluster.test.ts', 'test/rolling-restart.test.ts'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.UMPIRE_TEST_DB === 'postgres' ? [] : POSTGRES_ONLY)],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own server and database; two at a time fit two cores.
    maxWorkers: 2,
    pool: 'forks',
    // A worker keeps its modules from one file to the next instead of importing the whole server
    // again for each (~2.8 s of CPU per file, 80 files, on both databases): the API suite's CPU
    // went from 371 s to 223 s on SQLite. Safe because each file starts its own server and
    // database, and no test mocks modules or changes process.env (a file that must may opt out
    // with a project of its own).
    isolate: false,
  },
});
