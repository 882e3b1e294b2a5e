#!/usr/bin/env node
// Proves that the architecture rules of eslint.config.js bite: lints small made-up files placed in
// each layer (never written to disk) and checks that every wrong import is refused by the rule
// meant to refuse it, and that the right ones pass. `npm test` runs it in the lint suite.
// Prints one line per case and `N passed, N failed`; exits 1 on a failure.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { repoRoot } from './ensure-deps.mjs';

// Made-up files are not in any tsconfig: type-aware rules are switched off for them.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked, languageOptions: { parserOptions: { projectService: false, project: null } } }],
});

const A = 'apps/admin/src';
/** [what, file path, code, rule that must fire (null: must pass)] */
const CASES = [
  ['the shared package imports no app', 'packages/schema/src/probe.ts', "import { loadConfig } from '../../../apps/server/src/config';\nexport const x = loadConfig;\n", 'boundaries/dependencies'],
  ['the admin imports no server code', `${A}/lib/probe.ts`, "import { loadConfig } from '../../../server/src/config';\nexport const x = loadConfig;\n", 'boundaries/dependencies'],
  ['lib/ imports no provider', `${A}/lib/probe.ts`, "import { createHttpClient } from '../providers/http-client';\nexport const x = createHttpClient;\n", 'boundaries/dependencies'],
  ['providers import no screen', `${A}/providers/probe.ts`, "import { GENERIC_SCREENS } from '../framework/screens';\nexport const x = GENERIC_SCREENS;\n", 'boundaries/dependencies'],
  ['the framework imports no feature', `${A}/framework/probe.ts`, "import { Dashboard } from '../features/dashboard';\nexport const x = Dashboard;\n", 'boundaries/dependencies'],
  ['the framework imports no resource folder', `${A}/framework/probe.ts`, "import { matchScreens } from '../resources/calendar/matches';\nexport const x = matchScreens;\n", 'boundaries/dependencies'],
  ['a feature imports no other feature', `${A}/features/dashboard/probe.ts`, "import { StandingsView } from '../standings';\nexport const x = StandingsView;\n", 'boundaries/dependencies'],
  ['a feature imports no resource folder', `${A}/features/dashboard/probe.ts`, "import { matchScreens } from '../../resources/calendar/matches';\nexport const x = matchScreens;\n", 'boundaries/dependencies'],
  ['a resource folder imports no other one', `${A}/resources/team/players/probe.ts`, "import { squadScreens } from '../squads';\nexport const x = squadScreens;\n", 'boundaries/dependencies'],
  ["a feature's internals are private", `${A}/resources/football/groups/probe.ts`, "import { StandingsView } from '../../../features/standings/standings-view';\nexport const x = StandingsView;\n", 'no-restricted-imports'],
  ['a resource folder imports a feature through its index', `${A}/resources/football/groups/probe.ts`, "import { StandingsView } from '../../../features/standings';\nexport const x = StandingsView;\n", null],
  ['a feature uses the framework and lib', `${A}/features/dashboard/probe.ts`, "import { resourceDef } from '../../framework/definitions';\nimport { formatNumber } from '../../lib/locale';\nexport const x = [resourceDef, formatNumber];\n", null],
  ['the app shell lists resource folders', `${A}/app/probe.ts`, "import { matchScreens } from '../resources/calendar/matches';\nexport const x = matchScreens;\n", null],
  ['React hooks keep their rules', `${A}/features/dashboard/probe.tsx`, "import { useState } from 'react';\nexport function P({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n", 'react-hooks/rules-of-hooks'],
  ['the database imports no engine', 'apps/server/src/db/probe.ts', "import { allModels } from '../jsonapi/model';\nexport const x = allModels;\n", 'boundaries/dependencies'],
  ['the engine imports no service above it', 'apps/server/src/jsonapi/probe.ts', "import { ChangeBus } from '../realtime/change-bus';\nexport const x = ChangeBus;\n", 'boundaries/dependencies'],
  ['the engine imports no capability', 'apps/server/src/jsonapi/probe.ts', "import { registerContentRoutes } from '../content/routes';\nexport const x = registerContentRoutes;\n", 'boundaries/dependencies'],
  ['a shared service imports no capability', 'apps/server/src/realtime/probe.ts', "import { registerContentRoutes } from '../content/routes';\nexport const x = registerContentRoutes;\n", 'boundaries/dependencies'],
  ['a shared service uses another only one way', 'apps/server/src/delivery/probe.ts', "import { registerFanApi } from '../fan-api/fans';\nexport const x = registerFanApi;\n", 'boundaries/dependencies'],
  ['a shared service uses one it lists', 'apps/server/src/fan-api/probe.ts', "import { registerDeliveryKeyAccess } from '../delivery-keys/access';\nexport const x = registerDeliveryKeyAccess;\n", null],
  ['a capability imports no capability it does not list', 'apps/server/src/comments/probe.ts', "import { registerSurveyRoutes } from '../surveys/routes';\nexport const x = registerSurveyRoutes;\n", 'boundaries/dependencies'],
  ['a capability listed as used does not use back', 'apps/server/src/content/probe.ts', "import { registerArticleRoutes } from '../articles/articles';\nexport const x = registerArticleRoutes;\n", 'boundaries/dependencies'],
  ['a capability imports no app shell', 'apps/server/src/content/probe.ts', "import { seedDemo } from '../seed/seed';\nexport const x = seedDemo;\n", 'boundaries/dependencies'],
  ['a capability uses its own files, the services, the engine and one it lists', 'apps/server/src/media/files/probe.ts', "import { probeFile } from '../videos/ffmpeg';\nimport { requireAbility } from '../../jsonapi/access';\nimport type { Storage } from '../../storage/storage';\nimport { toDb } from '../../db/values';\nexport const x = [probeFile, requireAbility, toDb];\nexport type S = Storage;\n", null],
  ['server tests reach anything of the server', 'apps/server/test/probe.test.ts', "import { seedDemo } from '../src/seed/seed';\nexport const x = seedDemo;\n", null],
  ['JSON is compared as data, not as text', 'apps/server/src/probe.ts', 'export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);\n', 'no-restricted-syntax'],
  ['no committed .only', 'apps/server/test/probe.test.ts', "import { it } from 'vitest';\nit.only('x', () => undefined);\n", 'no-restricted-syntax'],
  ['no committed describe.only in the browser tests', 'e2e/probe.e2e.ts', "import { test } from './support/test';\ntest.describe.only('x', () => undefined);\n", 'no-restricted-syntax'],
  ["browser tests take test from support/test", 'e2e/probe.e2e.ts', "import { test } from '@playwright/test';\ntest('x', () => undefined);\n", 'no-restricted-imports'],
  ['a browser test with the console guard', 'e2e/probe.e2e.ts', "import { test } from './support/test';\ntest('x', () => undefined);\n", null],
];

let passed = 0;
let failed = 0;
for (const [what, filePath, code, rule] of CASES) {
  const [result] = await eslint.lintText(code, { filePath });
  const rules = new Set(result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`));
  const ok = rule === null ? rules.size === 0 : rules.has(rule);
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? '✓' : '✗'} ${what}${ok ? '' : `: expected ${rule ?? 'no problem'}, got ${[...rules].join(', ') || 'none'}`}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
