#!/usr/bin/env node
// `npm run docs`: checks the handbook (docs/ and README.md) against itself and the code; see
// handbook-check.mjs for what is checked. Ends with `N passed, N failed`; each failure is a line
// `✗ file:line: what`.
//   npm run docs                 check
//   npm run docs -- --write      also rewrite docs/operators/configuration.md from the declaration
import { runOnNode24 } from '../ensure-node.mjs';

await runOnNode24();
const { checkHandbook } = await import('./handbook-check.mjs');
const { CONFIGURATION_PAGE } = await import('./configuration.mjs');
const write = process.argv.includes('--write');
const { passed, failures, pages } = await checkHandbook({ write });
for (const f of failures) console.log(`✗ ${f}`);
// Counted by file, as a test file is: a page (or picture) passes when every check of it does.
const failedFiles = new Set(failures.map((f) => f.split(':')[0]));
console.log(`docs: ${pages} pages, ${passed + failures.length} checks (${failures.length} failed)${write ? `, ${CONFIGURATION_PAGE} written` : ''}`);
console.log(`${pages - [...failedFiles].filter((f) => f.endsWith('.md')).length} passed, ${failedFiles.size} failed`);
process.exitCode = failures.length ? 1 : 0;
