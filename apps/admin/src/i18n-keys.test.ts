// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import manifest from 'virtual:umpire/resources';
import { API_ERROR_KEYS, SECTIONS, VALIDATION_KEYS } from '@umpire/schema';
import { TRANSLATION_FOLDERS } from './lib/i18n';
import { SUPPORTED_LANGUAGES } from './lib/language';
import { HOME_NATIONS } from './lib/countries';

/**
 * Every visible text comes from the translation files, in both languages. This test fails when a
 * key is missing in either language, when plural forms are incomplete, when a text used by the
 * code or required by react-admin, the resource declarations or the server's error keys has no
 * translation, and when a component holds hard-coded text.
 */
const I18N_DIR = fileURLToPath(new URL('../public/assets/i18n/', import.meta.url));
const SRC_DIR = fileURLToPath(new URL('.', import.meta.url));
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

function load(lang: string): Map<string, string> {
  const merged = new Map<string, string>();
  for (const folder of TRANSLATION_FOLDERS) {
    const tree = JSON.parse(readFileSync(join(I18N_DIR, folder, `${lang}.json`), 'utf8')) as Tree;
    for (const [key, value] of flatten(tree)) {
      expect(merged.has(key), `${key} is defined in two folders (${lang})`).toBe(false);
      merged.set(key, value);
    }
  }
  return merged;
}

const base = (key: string) => key.replace(PLURAL_SUFFIX, '');
const texts = Object.fromEntries(SUPPORTED_LANGUAGES.map((lang) => [lang, load(lang)])) as Record<string, Map<string, string>>;
const bases = (lang: string) => new Set([...texts[lang].keys()].map(base));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('translations', () => {
  it('have a file per folder and language', () => {
    for (const folder of TRANSLATION_FOLDERS)
      for (const lang of SUPPORTED_LANGUAGES) expect(() => statSync(join(I18N_DIR, folder, `${lang}.json`))).not.toThrow();
  });

  it('define the same keys in Polish and English', () => {
    const [pl, en] = [bases('pl'), bases('en')];
    expect([...en].filter((k) => !pl.has(k)), 'missing in pl').toEqual([]);
    expect([...pl].filter((k) => !en.has(k)), 'missing in en').toEqual([]);
  });

  it('have every plural form each language needs and the same placeholders', () => {
    for (const lang of SUPPORTED_LANGUAGES) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const plural = new Set([...texts[lang].keys()].filter((k) => PLURAL_SUFFIX.test(k)).map(base));
      for (const key of plural)
        for (const category of categories) expect(texts[lang].has(`${key}_${category}`), `${lang}: ${key}_${category}`).toBe(true);
    }
    for (const [key, value] of texts.en) {
      if (PLURAL_SUFFIX.test(key)) continue;
      expect(placeholders(texts.pl.get(key) ?? ''), `placeholders of ${key}`).toEqual(placeholders(value));
    }
  });

  it("cover react-admin's own texts", () => {
    const required = [...flatten(englishMessages as unknown as Tree).keys()];
    for (const lang of SUPPORTED_LANGUAGES) expect(required.filter((k) => !bases(lang).has(k)), lang).toEqual([]);
  });

  it('cover every validation key, API error key, section, language and home nation', () => {
    const required = [
      ...VALIDATION_KEYS.map((k) => `validation.${k}`),
      ...[...VALIDATION_KEYS, ...API_ERROR_KEYS, 'somethingWentWrong', 'networkError'].map((k) => `apiErrors.${k}`),
      ...SECTIONS.map((s) => `sections.${s}`),
      ...SUPPORTED_LANGUAGES.map((l) => `languages.${l}`),
      ...Object.values(HOME_NATIONS),
      'http.failureResponse', 'http.parseFailure', 'http.networkError', 'http.clientError',
      'popups.success.created', 'popups.success.updated', 'popups.success.deleted',
      'ui.valueInvalid', 'ui.wrongFileType', 'ui.fileTooLarge', 'ui.uploadFailed', 'ui.nothingFound',
    ];
    for (const lang of SUPPORTED_LANGUAGES) expect(required.filter((k) => !bases(lang).has(k)), lang).toEqual([]);
  });

  it('name every declared resource, field, link and choice', () => {
    const required: string[] = [];
    for (const def of manifest) {
      required.push(`resources.${def.type}.name`, `resources.${def.type}.fields.id`, `resources.${def.type}.fields.created_at`, `resources.${def.type}.fields.updated_at`);
      for (const attr of def.attributes) {
        required.push(`resources.${def.type}.fields.${attr.name}`);
        for (const choice of attr.choices ?? []) required.push(`resources.${def.type}.choices.${attr.name}.${choice}`);
      }
      for (const rel of def.relationships) {
        required.push(`resources.${def.type}.fields.${rel.name}`);
        if (rel.source) required.push(`resources.${def.type}.fields.${rel.source}`);
      }
    }
    for (const lang of SUPPORTED_LANGUAGES) expect(required.filter((k) => !bases(lang).has(k)), lang).toEqual([]);
  });

  it('define every key the code uses', () => {
    const namespaces = [...new Set([...texts.en.keys()].map((k) => k.split('.')[0]))].join('|');
    const literal = new RegExp(`['"\`]((?:${namespaces})\\.[A-Za-z_][\\w.]*[\\w])['"\`]`, 'g');
    const used = new Map<string, string>();
    for (const file of sourceFiles(SRC_DIR))
      for (const match of readFileSync(file, 'utf8').matchAll(literal)) used.set(match[1], file.replace(SRC_DIR, ''));
    expect(used.size).toBeGreaterThan(40);
    for (const lang of SUPPORTED_LANGUAGES) {
      const missing = [...used].filter(([key]) => !bases(lang).has(key)).map(([key, file]) => `${key} (${file})`);
      expect(missing, lang).toEqual([]);
    }
  });

  it('leave no hard-coded text in components', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC_DIR).filter((f) => f.endsWith('.tsx'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
          // Text between tags, e.g. <span>Save</span>
          const text = /<[A-Za-z][^<>]*>([^<>{}()=;]*\p{L}{2,}[^<>{}()=;]*)<\//u.exec(line);
          // Literal labels, e.g. label="Save"
          const attribute = /\b(label|title|placeholder|aria-label|alt|helperText|emptyText)="([^"]*\p{L}{2,}[^"]*)"/u.exec(line);
          if (text || (attribute && /\s|^\p{Lu}/u.test(attribute[2]))) offenders.push(`${file.replace(SRC_DIR, '')}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
