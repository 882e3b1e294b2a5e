import {
  componentKindDef,
  kindsForArea,
  kindsForPageKind,
  linksOfKind,
  LINK_CATALOGUE,
  TEMPLATE_DEFS,
  validateComponent,
  type ComponentFieldDef,
  type ComponentIssue,
  type ComponentKind,
  type ComponentPlace,
  type LinkName,
  type LinkValue,
  type PageArea,
  type PageKind,
  type TemplateKind,
} from '@umpire/schema';
import { isLinkTargetAvailable, sameJson } from '@umpire/schema';
import { moveItem } from '../../lib/move-item';

/**
 * The page builder's model, pure: the editor of each component follows from its kind's
 * declaration (packages/schema content/component-kinds.ts), drafts are kept locally until Save,
 * and a save is planned as the fewest calls (writes of changed components, one reorder).
 */

/** How the builder edits a declared field. */
export type FieldWidget = 'text' | 'multiline' | 'richText' | 'url' | 'integer' | 'switch' | 'select' | 'multiselect' | 'datetime' | 'list' | 'page';

export interface FieldModel {
  name: string;
  widget: FieldWidget;
  required: boolean;
  /** Values of a select or multiselect. */
  choices?: readonly string[];
  /** Fields of each item of a list. */
  item?: FieldModel[];
}

export interface LinkModel {
  name: LinkName;
  /** JSON:API type of the linked records. */
  target: string;
  many: boolean;
  required: boolean;
  max?: number;
  /** False while the target's resource does not exist yet (quizzes, surveys, OTT…). */
  pickable: boolean;
  /** On a template's page: the template whose record fills this link when it is left empty (never required then). */
  filledBy?: TemplateKind;
}

const WIDGETS: Record<ComponentFieldDef['type'], FieldWidget> = {
  string: 'text',
  text: 'multiline',
  rich_text: 'richText',
  url: 'url',
  integer: 'integer',
  boolean: 'switch',
  enum: 'select',
  enum_list: 'multiselect',
  datetime: 'datetime',
  object_list: 'list',
  page: 'page',
};

function fieldModel(name: string, def: ComponentFieldDef): FieldModel {
  return {
    name,
    widget: WIDGETS[def.type],
    required: def.required === true,
    ...(def.enum ? { choices: def.enum } : {}),
    ...(def.item ? { item: editedFields(def.item) } : {}),
  };
}

/** The fields staff edit, in declaration order (a hidden one is only checked). */
const editedFields = (fields: Record<string, ComponentFieldDef>): FieldModel[] =>
  Object.entries(fields)
    .filter(([, d]) => !d.hidden)
    .map(([n, d]) => fieldModel(n, d));

/** The fields of a kind's editor, in declaration order. */
export function fieldsOf(kind: string): FieldModel[] {
  const def = componentKindDef(kind);
  return def ? editedFields(def.fields) : [];
}

/**
 * The links of a kind's editor, each pickable or not yet available. On a template's page, a link
 * the template's record fills ("the match of this page") may stay empty, as validateComponent says.
 */
export function linksOf(kind: string, template?: TemplateKind | null): LinkModel[] {
  const def = componentKindDef(kind);
  const fills: readonly string[] = template ? TEMPLATE_DEFS[template].fills : [];
  return def
    ? linksOfKind(def).map((l) => (fills.includes(l.name) ? { ...l, name: l.name, required: false, filledBy: template! } : { ...l, name: l.name }))
    : [];
}

/** What a new component of the kind starts with: its fields' defaults. */
export function initialSettings(kind: string): Record<string, unknown> {
  const def = componentKindDef(kind);
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(def?.fields ?? {})) if (field.default !== undefined) out[name] = structuredClone(field.default);
  return out;
}

/** A new item of a list field: its fields' defaults. */
export function initialItem(kind: string, field: string): Record<string, unknown> {
  const item = componentKindDef(kind)?.fields[field]?.item ?? {};
  const out: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(item)) if (def.default !== undefined) out[name] = structuredClone(def.default);
  return out;
}

/**
 * Where the builder's components live: a page of a kind (its type perhaps a template for a kind of
 * record, content/templates.ts), or a global element of an area.
 */
export type Owner =
  | { type: 'pages'; id: string; pageKind: PageKind | null; template?: TemplateKind | null }
  | { type: 'global_page_elements'; id: string; area: PageArea | null };

export function placeOf(owner: Owner): ComponentPlace {
  return owner.type === 'pages' ? { owner: 'page', pageKind: owner.pageKind, template: owner.template ?? null } : { owner: 'global_page_element', area: owner.area };
}

/** The template kind of the owner's page type; none for other pages and global elements. */
export const templateOf = (owner: Owner): TemplateKind | null => (owner.type === 'pages' ? (owner.template ?? null) : null);

/** The JSON:API type of the record a template's page is previewed with (`matches`…); none for an index (fixtures, news) or another page. */
export function templateRecordType(owner: Owner): string | null {
  const template = templateOf(owner);
  return template ? TEMPLATE_DEFS[template].record : null;
}

/** The palette: the kinds the declarations allow for this owner. */
export function paletteKinds(owner: Owner): ComponentKind[] {
  if (owner.type === 'pages') return owner.pageKind ? kindsForPageKind(owner.pageKind) : [];
  return owner.area ? kindsForArea(owner.area) : [];
}

/** A component type the client set up for a builder (spec §3 `/component_types`). */
export interface ComponentTypeEntry {
  id: string;
  name: string;
  componentKind: string;
  description: string | null;
  position: number;
}

/** One button of the palette: the kind it adds, named by the client's component type when there is one. */
export interface PaletteEntry {
  key: string;
  kind: ComponentKind;
  /** The client's name for it; null: the kind's own label. */
  name: string | null;
  description: string | null;
}

/**
 * The palette: the client's component types for this builder (in their order) whose kind the
 * owner may hold; when the client has set none up, every kind the declarations allow, so a new
 * client can still build pages.
 */
export function paletteEntries(owner: Owner, types: readonly ComponentTypeEntry[]): PaletteEntry[] {
  const allowed = paletteKinds(owner);
  if (!types.length) return allowed.map((kind) => ({ key: kind, kind, name: null, description: null }));
  return [...types]
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
    .filter((t) => (allowed as string[]).includes(t.componentKind))
    .map((t) => ({ key: `type-${t.id}`, kind: t.componentKind as ComponentKind, name: t.name, description: t.description }));
}

/** Which component types a builder offers: `filter[kind]=` of `/component_types`. */
export const componentTypeScope = (owner: Owner) => (owner.type === 'pages' ? 'page_type' : 'global_page_element');

/** Linked ids as the builder keeps them: one id (or null), or a list. */
export type LinkIds = Record<string, string | null | string[]>;

export interface Draft {
  /** Stable while editing: the server id, or a local key until it is created. */
  key: string;
  id: string | null;
  kind: ComponentKind;
  settings: Record<string, unknown>;
  links: LinkIds;
  /** The server's version it was loaded at (sent back as meta.updated_at). */
  updatedAt: string | null;
  /** What the server holds, to tell what changed (null: not created yet). */
  saved: { settings: Record<string, unknown>; links: LinkIds } | null;
}

interface ResourceObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data?: { type: string; id: string } | { type: string; id: string }[] | null }>;
}

/** A component as the API sends it → a draft. Only the links its kind declares are kept. */
export function draftOf(resource: ResourceObject): Draft {
  const kind = resource.attributes.kind as ComponentKind;
  const settings = { ...((resource.attributes.settings as Record<string, unknown> | null) ?? {}) };
  const links: LinkIds = {};
  for (const link of linksOf(kind)) {
    const data = resource.relationships?.[link.name]?.data;
    links[link.name] = link.many ? (Array.isArray(data) ? data.map((d) => d.id) : []) : data && !Array.isArray(data) ? data.id : null;
  }
  return {
    key: resource.id,
    id: resource.id,
    kind,
    settings,
    links,
    updatedAt: (resource.attributes.updated_at as string | undefined) ?? null,
    saved: { settings: structuredClone(settings), links: structuredClone(links) },
  };
}

let serial = 0;

export function newDraft(kind: ComponentKind): Draft {
  const links: LinkIds = {};
  for (const link of linksOf(kind)) links[link.name] = link.many ? [] : null;
  return { key: `new-${++serial}`, id: null, kind, settings: initialSettings(kind), links, updatedAt: null, saved: null };
}

/** A new, unsaved copy of a draft (its kind, fields and links as they are now). */
export function duplicateDraft(draft: Draft): Draft {
  return { ...newDraft(draft.kind), settings: structuredClone(draft.settings), links: structuredClone(draft.links) };
}

/** Adds a draft at the end, or right after the one whose key is given. */
export function insertDraft(list: readonly Draft[], draft: Draft, afterKey?: string | null): Draft[] {
  const at = afterKey ? list.findIndex((d) => d.key === afterKey) : -1;
  if (at < 0) return [...list, draft];
  return [...list.slice(0, at + 1), draft, ...list.slice(at + 1)];
}

export { moveItem };

/** Settings as they are sent: empty texts and lists left out (the server and validator read them as absent). */
export function cleanSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'number' && Number.isNaN(value)) continue;
    out[name] = Array.isArray(value)
      ? (value as unknown[]).map((v): unknown => (v && typeof v === 'object' && !Array.isArray(v) ? cleanSettings(v as Record<string, unknown>) : v))
      : value;
  }
  return out;
}

/** The links to send: only those whose target can be picked (the others do not exist yet). */
export function sendableLinks(draft: Draft): Record<string, LinkValue | LinkValue[]> {
  const out: Record<string, LinkValue | LinkValue[]> = {};
  for (const link of linksOf(draft.kind)) {
    if (!link.pickable) continue;
    const value = draft.links[link.name];
    out[link.name] = link.many ? (Array.isArray(value) ? value : []) : typeof value === 'string' && value ? value : null;
  }
  return out;
}

/** JSON:API relationships of a draft's links. */
export function relationshipsOf(draft: Draft): Record<string, { data: { type: string; id: string } | { type: string; id: string }[] | null }> {
  const out: Record<string, { data: { type: string; id: string } | { type: string; id: string }[] | null }> = {};
  for (const [name, value] of Object.entries(sendableLinks(draft))) {
    const target = LINK_CATALOGUE[name as LinkName].target;
    out[name] = { data: Array.isArray(value) ? value.map((id) => ({ type: target, id: String(id) })) : value === null ? null : { type: target, id: String(value) } };
  }
  return out;
}

/** The shared validator (the server's own), on a draft where it would live. */
export function validateDraft(draft: Draft, owner: Owner): ComponentIssue[] {
  return validateComponent({ kind: draft.kind, settings: cleanSettings(draft.settings), links: sendableLinks(draft) }, placeOf(owner), {
    isTargetAvailable: isLinkTargetAvailable,
  });
}

/** A message to show on a field: a translation key under `validation.` and its values. */
export interface FieldIssue {
  key: string;
  params?: Record<string, unknown>;
  /** A message the server already worded, used when the key has no translation. */
  detail?: string;
}

/**
 * Where an issue shows in a card: `settings.title`, `settings.accounts.0.url`, `links.club`,
 * `kind`, `index`; unknown pointers land on the card itself (`card`).
 */
export function fieldPathOf(pointer: string | undefined): string {
  const p = pointer ?? '';
  const settings = /^\/data\/attributes\/settings\/(.+)$/.exec(p);
  if (settings) return `settings.${settings[1].split('/').join('.')}`;
  const rel = /^\/data\/relationships\/([^/]+)/.exec(p);
  if (rel) return `links.${rel[1]}`;
  const attr = /^\/data\/attributes\/([^/]+)$/.exec(p);
  if (attr) return attr[1];
  return 'card';
}

export type CardIssues = Record<string, FieldIssue>;

/** Issues of the shared validator by field (the first one of each). */
export function issuesByField(issues: readonly ComponentIssue[]): CardIssues {
  const out: CardIssues = {};
  for (const issue of issues) {
    const path = fieldPathOf(issue.pointer);
    if (!(path in out)) out[path] = { key: issue.key, ...(issue.params ? { params: issue.params } : {}) };
  }
  return out;
}

interface ApiError {
  detail?: string;
  title?: string;
  source?: { pointer?: string };
  meta?: { key?: string; params?: Record<string, unknown> };
}

/** A 422's JSON:API errors by field of the card, as the validator's are. */
export function serverIssuesByField(errors: readonly ApiError[]): CardIssues {
  const out: CardIssues = {};
  for (const error of errors) {
    const path = fieldPathOf(error.source?.pointer);
    if (path in out) continue;
    out[path] = { key: error.meta?.key ?? 'invalid', ...(error.meta?.params ? { params: error.meta.params } : {}), ...(error.detail ? { detail: error.detail } : {}) };
  }
  return out;
}

export function isChanged(draft: Draft): boolean {
  if (!draft.saved) return true;
  return !sameJson(cleanSettings(draft.settings), cleanSettings(draft.saved.settings)) || !sameJson(draft.links, draft.saved.links);
}

export interface SavePlan {
  deletes: string[];
  updates: Draft[];
  creates: { draft: Draft; index: number }[];
  /** Whether the order has to be written (the components are not in the server's order). */
  reorder: boolean;
}

/**
 * What a Save has to do, given the server's order of ids and the local list: delete what was
 * removed, write what changed, create what is new (at its place), and rewrite the order once
 * when it is not already the server's.
 */
export function planSave(serverOrder: readonly string[], drafts: readonly Draft[], removed: readonly string[]): SavePlan {
  const deletes = removed.filter((id) => serverOrder.includes(id));
  const updates = drafts.filter((d) => d.id !== null && isChanged(d));
  const creates = drafts.map((draft, index) => ({ draft, index })).filter((c) => c.draft.id === null);
  const remaining = serverOrder.filter((id) => !deletes.includes(id));
  const local = drafts.map((d) => d.id);
  const reorder = creates.length > 0 || !sameJson(remaining, local);
  return { deletes, updates, creates, reorder };
}

export function hasChanges(serverOrder: readonly string[], drafts: readonly Draft[], removed: readonly string[]): boolean {
  const plan = planSave(serverOrder, drafts, removed);
  return plan.deletes.length > 0 || plan.updates.length > 0 || plan.creates.length > 0 || plan.reorder;
}

/** The words of a rich-text document (the editor's JSON) or a plain text. */
export function plainText(value: unknown): string {
  if (typeof value === 'string') return value;
  const parts: string[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > 50 || !node || typeof node !== 'object') return;
    const n = node as { text?: unknown; content?: unknown; type?: unknown };
    if (typeof n.text === 'string') parts.push(n.text);
    if (n.type === 'hardBreak') parts.push('\n');
    if (Array.isArray(n.content)) {
      n.content.forEach((c) => walk(c, depth + 1));
      if (n.type === 'paragraph' || n.type === 'heading') parts.push('\n\n');
    }
  };
  walk(value, 0);
  return parts.join('').replace(/\n{3,}/g, '\n\n').trim();
}

/** Paragraphs typed in a text box → a rich-text document (blank lines part paragraphs). */
export function richTextOf(text: string): { type: 'doc'; content: unknown[] } {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return {
    type: 'doc',
    content: paragraphs.map((p) => ({
      type: 'paragraph',
      content: p.split('\n').flatMap((line, i) => [...(i ? [{ type: 'hardBreak' }] : []), ...(line ? [{ type: 'text', text: line }] : [])]),
    })),
  };
}

const SUMMARY_FIELDS = ['title', 'name', 'caption', 'quote', 'copyright', 'subtitle', 'body', 'slot', 'url'];

/** A short line that tells a card from its neighbours: its first filled text field. */
export function summaryOf(draft: Pick<Draft, 'settings'>, max = 80): string {
  // A menu: its items' labels, in order.
  const items = draft.settings.items;
  if (Array.isArray(items)) {
    const labels = items.map((i: { label_pl?: unknown; label_en?: unknown } | null) => plainText(i?.label_pl).trim() || plainText(i?.label_en).trim()).filter(Boolean).join(' · ');
    if (labels) return labels.length > max ? `${labels.slice(0, max - 1)}…` : labels;
  }
  for (const name of SUMMARY_FIELDS) {
    const text = plainText(draft.settings[name]).replace(/\s+/g, ' ').trim();
    if (text) return text.length > max ? `${text.slice(0, max - 1)}…` : text;
  }
  return '';
}

/** Keyboard reordering with a handle: Space/Enter picks up, arrows move, Space/Enter drops, Escape puts back. */
export interface Grab {
  key: string;
  /** Where it was when picked up (Escape returns it there). */
  from: number;
}

export type GrabEvent = 'picked' | 'moved' | 'dropped' | 'cancelled';

export interface GrabResult<T> {
  grab: Grab | null;
  items: T[];
  /** What to announce, with the item's 1-based position; null when the key did nothing. */
  event: GrabEvent | null;
  position: number;
}

export function grabKey<T>(items: readonly T[], keyOf: (item: T) => string, grab: Grab | null, key: string, pressed: string): GrabResult<T> {
  const index = items.findIndex((i) => keyOf(i) === key);
  const none: GrabResult<T> = { grab, items: [...items], event: null, position: index + 1 };
  if (index < 0) return none;
  const held = grab?.key === key;
  if (pressed === ' ' || pressed === 'Enter') {
    if (held) return { grab: null, items: [...items], event: 'dropped', position: index + 1 };
    return { grab: { key, from: index }, items: [...items], event: 'picked', position: index + 1 };
  }
  if (!held) return none;
  if (pressed === 'Escape') return { grab: null, items: moveItem(items, index, grab.from), event: 'cancelled', position: grab.from + 1 };
  const to = pressed === 'ArrowUp' || pressed === 'ArrowLeft' ? index - 1 : pressed === 'ArrowDown' || pressed === 'ArrowRight' ? index + 1 : null;
  if (to === null) return none;
  if (to < 0 || to >= items.length) return { ...none, event: 'moved' };
  return { grab, items: moveItem(items, index, to), event: 'moved', position: to + 1 };
}
