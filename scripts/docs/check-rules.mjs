#!/usr/bin/env node
// Shows that each rule of the handbook's check refuses what it must: pages written to break one
// rule each, in a temporary docs tree, must give that rule's failure, and a clean page none.
// Part of `npm test` (the docs suite) beside the check of the real handbook. Ends with `N passed, N failed`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOnNode24 } from '../ensure-node.mjs';

await runOnNode24();
const { checkHandbook } = await import('./handbook-check.mjs');
const { SHOTS } = await import('./shots.mjs');

const cases = [
  ['a clean page', 'contributors/clean.md', '# Clean\n\n## Two words\n\nSee [below](#two-words), [home](../README.md), `npm start`, `npm run docs`, `DATABASE_URL`, `PORT=9090`, `MAX_UPLOAD_BYTES`.\n', null],
  ['a missing page', 'a.md', '# A\n\n[gone](missing.md)\n', /missing\.md does not exist/],
  ['a missing anchor', 'b.md', '# B\n\n[there](README.md#nowhere)\n', /has no heading #nowhere/],
  ['an anchor of a duplicate heading', 'c.md', '# C\n\n## Same\n\n## Same\n\n[second](#same-1) [third](#same-2)\n', /has no heading #same-2/],
  ['an absolute link', 'd.md', '# D\n\n[abs](/docs/README.md)\n', /is absolute/],
  ['an npm script that does not exist', 'e.md', '# E\n\nRun `npm run no-such-script`.\n', /npm run no-such-script: no such script/],
  ['a command in a code block', 'f.md', '# F\n\n```sh\nnpm run build-everything\n```\n', /npm run build-everything/],
  ['an unknown variable in backticks', 'g.md', '# G\n\nSet `NO_SUCH_SETTING`.\n', /NO_SUCH_SETTING is not a variable/],
  ['an unknown variable assigned in a block', 'h.md', '# H\n\n```sh\nPORTT=9090 npm start\n```\n', /PORTT is not a variable/],
  ['an issue number', 'i.md', '# I\n\nAs issue 26 says.\n', /issue numbers/],
  ['a hash and a number', 'j.md', '# J\n\nFixed in #41.\n', /issue numbers/],
  ['a screenshot the script does not take', 'staff/en/k.md', '# K\n\n![old](../images/retired-screen.en.png)\n', /retired-screen\.en\.png is not a shot|does not exist/],
  ['a staff page in one language only', 'staff/pl/only-polish.md', '# Tylko po polsku\n', /no English page of the same name/],
  ['a picture no shot produces', 'staff/images/stale-picture.en.png', '', /not produced by scripts\/docs\/screenshots\.mjs/],
  ['a README longer than a front page', 'README.md', `# Umpire\n${'text\n'.repeat(151)}`, /under 150/],
  ['a sample that differs from its file', 'integrators/l.md', '# L\n\n```js file=examples/l.mjs\nconsole.log(1);\n```\n', /differs from/],
];
// The sample's file, different from the block that claims to be it.
const extra = { 'integrators/examples/l.mjs': 'console.log(2);\n' };
if (SHOTS[0]) cases.push(['a Polish page showing the English picture', 'staff/pl/m.md', `# M\n\n![x](../images/${SHOTS[0].name}.en.png)\n`, /a pl page shows the en screenshot/]);

let passed = 0;
let failed = 0;
for (const [name, file, text, expected] of cases) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'umpire-docs-rules-'));
  try {
    fs.writeFileSync(path.join(dir, 'README.md'), '# Home\n');
    for (const [f, t] of Object.entries({ [file]: text, ...(file === 'integrators/l.md' ? extra : {}) })) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), t);
    }
    // A real picture (and the page's English twin), for the one case that needs them to reach the locale rule.
    if (file === 'staff/pl/m.md') {
      fs.mkdirSync(path.join(dir, 'staff/images'), { recursive: true });
      fs.writeFileSync(path.join(dir, `staff/images/${SHOTS[0].name}.en.png`), '');
      fs.mkdirSync(path.join(dir, 'staff/en'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'staff/en/m.md'), '# M\n');
    }
    const { failures } = await checkHandbook({ docsDir: dir, readme: file === 'README.md' ? path.join(dir, file) : null, configuration: false });
    const ok = expected ? failures.some((f) => expected.test(f)) : failures.length === 0;
    if (ok) passed += 1;
    else failed += 1;
    console.log(`${ok ? '✓' : '✗'} ${name}${ok ? '' : `: got ${failures.length ? failures.join(' | ') : 'no failure'}`}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
