// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INCIDENT_TYPES, LINEUP_POSITIONS, MATCH_STATUSES } from '@umpire/schema/enums';
import { HELP_ROWS, PARSE_ERROR_KEYS } from './command-parser';
import { HALVES, PHASES } from './incidents';

/**
 * Keys the match centre builds at run time (`matchCentre.phases.${phase}` and the like), which the
 * app-wide key test cannot see in the source: each must exist in both languages.
 */
const load = (lang: string) =>
  ['framework', 'app', 'messages']
    .map((folder) => JSON.parse(readFileSync(new URL(`../../../public/assets/i18n/${folder}/${lang}.json`, import.meta.url), 'utf8')) as Record<string, unknown>)
    .reduce((all, tree) => ({ ...all, ...tree }), {});

const lookup = (tree: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);

const keys = [
  ...PHASES.map((p) => `matchCentre.phases.${p}`),
  ...HALVES.map((h) => `matchCentre.halves.half${h}`),
  ...['timeline', 'lineups', 'stats', 'details'].map((t) => `matchCentre.tabs.${t}`),
  ...LINEUP_POSITIONS.map((p) => `matchCentre.lineups.short.${p}`),
  ...LINEUP_POSITIONS.map((p) => `resources.lineups.choices.position.${p}`),
  ...HELP_ROWS.flatMap((r) => [`matchCentre.command.help.rows.${r}.syntax`, `matchCentre.command.help.rows.${r}.text`]),
  ...Object.values(PARSE_ERROR_KEYS),
  ...INCIDENT_TYPES.map((t) => `resources.incidents.choices.incident_type.${t}`),
  ...MATCH_STATUSES.map((s) => `resources.matches.choices.status.${s}`),
];

describe('match centre texts built at run time', () => {
  for (const lang of ['pl', 'en']) {
    it(`exist in ${lang}`, () => {
      const tree = load(lang);
      expect(keys.filter((k) => typeof lookup(tree, k) !== 'string')).toEqual([]);
    });
  }
});
