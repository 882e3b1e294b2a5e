// API tests (apps/server/test, vitest) that are known to fail now and then and pass on their retry.
// `npm test` (scripts/test.mjs) counts any other test that passed only on its retry as failed: a
// flake is fixed, not listed. Listing one is the exception, to be removed when it is fixed:
//   { test: 'apps/server/test/<file>.test.ts › <full name>', reason: 'why it flakes', added: 'YYYY-MM-DD' }
// `test` is the name exactly as the summary of `npm test` prints it (file › full name).
export const KNOWN_FLAKY = [];
