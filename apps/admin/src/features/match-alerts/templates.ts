import type { RaRecord } from 'react-admin';
import {
  DEFAULT_MATCH_ALERT_KINDS,
  DEFAULT_MATCH_ALERT_TEMPLATES,
  MATCH_ALERT_EXAMPLE,
  MATCH_ALERT_TEMPLATE_KINDS,
  renderAlertTemplate,
  unknownAlertFields,
  type MatchAlertTemplateKind,
} from '@umpire/schema';

/**
 * What Settings › Match alerts shows and edits, apart from its components: each kind with its row
 * or, for a kind the league never saved, the defaults the server sends it by; the preview's text;
 * the fields a template names that are none; a field put in at the cursor.
 */
export const TEMPLATE_LANGUAGES = ['pl', 'en'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
export const TEMPLATE_SOURCES = ['title_pl', 'body_pl', 'title_en', 'body_en'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

export interface MatchAlertTemplate {
  kind: MatchAlertTemplateKind;
  enabled: boolean;
  title_pl: string;
  body_pl: string;
  title_en: string;
  body_en: string;
}

/** A kind as the list shows it: its saved row, or its defaults (`id` undefined until saved). */
export interface KindState extends MatchAlertTemplate {
  id?: RaRecord['id'];
  saved: boolean;
}

export const isTemplateKind = (kind: unknown): kind is MatchAlertTemplateKind => (MATCH_ALERT_TEMPLATE_KINDS as readonly unknown[]).includes(kind);

/** A correction has no switch: it always follows the alert it corrects (the declaration says so). */
export const hasSwitch = (kind: MatchAlertTemplateKind) => kind !== 'correction';

/** What a kind without a row is sent as: on when DEFAULT_MATCH_ALERT_KINDS has it, with the default texts. */
export function defaultTemplate(kind: MatchAlertTemplateKind): MatchAlertTemplate {
  const texts = DEFAULT_MATCH_ALERT_TEMPLATES[kind];
  return {
    kind,
    enabled: !hasSwitch(kind) || (DEFAULT_MATCH_ALERT_KINDS as readonly string[]).includes(kind),
    title_pl: texts.pl.title,
    body_pl: texts.pl.body,
    title_en: texts.en.title,
    body_en: texts.en.body,
  };
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Every kind in the contract's order, each from its row when the league has one. */
export function kindStates(rows: readonly RaRecord[] | undefined): KindState[] {
  return MATCH_ALERT_TEMPLATE_KINDS.map((kind) => {
    const row = rows?.find((r) => r.kind === kind);
    if (!row) return { ...defaultTemplate(kind), saved: false };
    return {
      id: row.id,
      kind,
      enabled: row.enabled !== false,
      title_pl: str(row.title_pl),
      body_pl: str(row.body_pl),
      title_en: str(row.title_en),
      body_en: str(row.body_en),
      saved: true,
    };
  });
}

/** The notification a template makes with the example match (MATCH_ALERT_EXAMPLE), in one language. */
export function previewOf(values: Partial<Record<TemplateSource, unknown>>, lang: TemplateLanguage): { title: string; body: string } {
  return {
    title: renderAlertTemplate(str(values[`title_${lang}`]), MATCH_ALERT_EXAMPLE),
    body: renderAlertTemplate(str(values[`body_${lang}`]), MATCH_ALERT_EXAMPLE),
  };
}

/** The unknown fields of each template that names any, e.g. `{ body_en: ['score'] }`. */
export function unknownFieldsBySource(values: Partial<Record<TemplateSource, unknown>>): Partial<Record<TemplateSource, string[]>> {
  const out: Partial<Record<TemplateSource, string[]>> = {};
  for (const source of TEMPLATE_SOURCES) {
    const unknown = unknownAlertFields(str(values[source]));
    if (unknown.length) out[source] = unknown;
  }
  return out;
}

/** `{foo}, {bar}`: fields as staff typed them. */
export const bracedList = (fields: readonly string[]) => fields.map((f) => `{${f}}`).join(', ');

/** A form validator: a template may name only the fields of MATCH_ALERT_FIELDS (the server refuses others). */
export function knownFieldsValidator(value: unknown) {
  const unknown = unknownAlertFields(str(value));
  return unknown.length ? { message: 'matchAlerts.unknownFields', args: { fields: bracedList(unknown), smart_count: unknown.length } } : undefined;
}

/** The text with `{field}` in place of the selection (or at the caret), and where the caret goes after it. */
export function insertField(text: string, start: number | null, end: number | null, field: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start ?? text.length, text.length));
  const to = Math.max(from, Math.min(end ?? from, text.length));
  const token = `{${field}}`;
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}
