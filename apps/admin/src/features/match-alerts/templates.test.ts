// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_ALERT_TEMPLATES, MATCH_ALERT_FIELDS, MATCH_ALERT_TEMPLATE_KINDS, PUSH_ORIGINS } from '@umpire/schema';
import { defaultTemplate, insertField, kindStates, knownFieldsValidator, previewOf, unknownFieldsBySource } from './templates';

describe('the kinds Settings › Match alerts lists', () => {
  it('are every template kind in the contract order, defaults for those never saved, the row for the others', () => {
    const states = kindStates([
      { id: '4', kind: 'kick_off', enabled: true, title_pl: 'Start {home}', body_pl: null, title_en: 'Start {home}', body_en: '' },
      { id: '5', kind: 'goal', enabled: false, title_pl: 'Gol', body_pl: '{player}', title_en: 'Goal', body_en: '{player}' },
    ]);
    expect(states.map((s) => s.kind)).toEqual([...MATCH_ALERT_TEMPLATE_KINDS]);
    const goal = states.find((s) => s.kind === 'goal')!;
    expect(goal).toMatchObject({ id: '5', saved: true, enabled: false, title_pl: 'Gol', body_pl: '{player}' });
    expect(states.find((s) => s.kind === 'kick_off')).toMatchObject({ id: '4', saved: true, enabled: true, body_pl: '', body_en: '' });
    const red = states.find((s) => s.kind === 'red_card')!;
    expect(red.saved).toBe(false);
    expect(red.id).toBeUndefined();
    expect(red.title_en).toBe(DEFAULT_MATCH_ALERT_TEMPLATES.red_card.en.title);
  });

  it('switch a kind without a row on exactly when DEFAULT_MATCH_ALERT_KINDS has it (a correction always)', () => {
    const on = kindStates([]).filter((s) => s.enabled).map((s) => s.kind);
    expect(on).toEqual(['goal', 'red_card', 'full_time', 'correction']);
    expect(defaultTemplate('half_time')).toEqual({
      kind: 'half_time',
      enabled: false,
      title_pl: DEFAULT_MATCH_ALERT_TEMPLATES.half_time.pl.title,
      body_pl: DEFAULT_MATCH_ALERT_TEMPLATES.half_time.pl.body,
      title_en: DEFAULT_MATCH_ALERT_TEMPLATES.half_time.en.title,
      body_en: DEFAULT_MATCH_ALERT_TEMPLATES.half_time.en.body,
    });
  });
});

describe('the live preview', () => {
  it('fills each language’s template with the example match', () => {
    const values = { title_pl: 'GOL! {home} {home_score}:{away_score} {away}', body_pl: '{minute} {player}', title_en: 'Goal for {team}', body_en: '' };
    expect(previewOf(values, 'pl')).toEqual({ title: 'GOL! Legia 2:1 Lech', body: "67' Nowak" });
    expect(previewOf(values, 'en')).toEqual({ title: 'Goal for Legia', body: '' });
    // Empty or missing templates preview as nothing, not "undefined".
    expect(previewOf({}, 'en')).toEqual({ title: '', body: '' });
  });

  it('shows an unknown field as typed, so staff see what will not be filled', () => {
    expect(previewOf({ title_en: '{home} {score}' }, 'en').title).toBe('Legia {score}');
  });
});

describe('unknown fields', () => {
  it('are found per template, each once', () => {
    expect(unknownFieldsBySource({ title_pl: '{home} {wynik} {wynik}', body_pl: '{minute}', title_en: '{score}', body_en: null })).toEqual({ title_pl: ['wynik'], title_en: ['score'] });
    expect(unknownFieldsBySource({ title_pl: MATCH_ALERT_FIELDS.map((f) => `{${f}}`).join(' ') })).toEqual({});
  });

  it('fail the form with the fields named, and pass known ones and plain text', () => {
    expect(knownFieldsValidator('{home} {foo} {bar}')).toEqual({ message: 'matchAlerts.unknownFields', args: { fields: '{foo}, {bar}', smart_count: 2 } });
    expect(knownFieldsValidator('{home} – {away}')).toBeUndefined();
    expect(knownFieldsValidator('No fields at all')).toBeUndefined();
    expect(knownFieldsValidator(null)).toBeUndefined();
  });
});

describe('a field put in at the cursor', () => {
  it('goes at the caret, replaces a selection, and leaves the caret after it', () => {
    expect(insertField('GOL! ', 5, 5, 'home')).toEqual({ text: 'GOL! {home}', caret: 11 });
    expect(insertField('A B', 2, 3, 'away')).toEqual({ text: 'A {away}', caret: 8 });
    expect(insertField('A  B', 2, 2, 'minute')).toEqual({ text: 'A {minute} B', caret: 10 });
  });
  it('goes at the end when the caret is unknown or past the end', () => {
    expect(insertField('Start', null, null, 'home')).toEqual({ text: 'Start{home}', caret: 11 });
    expect(insertField('ab', 9, 12, 'team')).toEqual({ text: 'ab{team}', caret: 8 });
  });
});

// Keys built at run time (`matchAlerts.kinds.${kind}`), which the app-wide key test cannot see.
const load = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/assets/i18n/app/${lang}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const lookup = (tree: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);

describe('match alert texts built at run time', () => {
  const keys = [
    ...MATCH_ALERT_TEMPLATE_KINDS.flatMap((k) => [`matchAlerts.kinds.${k}`, `resources.match_alert_templates.choices.kind.${k}`, `resources.push_notifications.choices.alert_kind.${k}`]),
    ...MATCH_ALERT_FIELDS.map((f) => `matchAlerts.fields.${f}`),
    ...PUSH_ORIGINS.map((o) => `resources.push_notifications.choices.origin.${o}`),
  ];
  for (const lang of ['pl', 'en'])
    it(`exist in ${lang}`, () => {
      const tree = load(lang);
      expect(keys.filter((k) => typeof lookup(tree, k) !== 'string')).toEqual([]);
    });
});
