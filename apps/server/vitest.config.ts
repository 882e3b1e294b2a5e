import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
