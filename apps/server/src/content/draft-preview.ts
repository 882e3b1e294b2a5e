import { validateComponent, type ComponentIssue, type ComponentPlace, type LinkValue } from '@umpire/schema';
import { ApiError } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { findModel } from '../jsonapi/model';
import type { ReadContext, Row } from '../jsonapi/read';
import type { LinkValues } from '../jsonapi/rules';
import { toDb } from '../db/values';
import { sanitizedSettings } from './component-rules';
import type { DraftComponents } from './current-page';

/**
 * The builder's live preview posts its drafts (saved or not, in their order) and gets the owner as
 * /current_page would deliver it with them: nothing is written. A draft still being typed may miss
 * a required field: those issues come back in `meta.issues` and the draft is shown anyway; what
 * cannot be shown at all (an unknown kind, a kind the owner may not hold, settings that are not an
 * object, a malformed link) is a 422 like a save would answer.
 */

/** More than any real page holds; a bound on the work one request can ask for. */
export const MAX_PREVIEW_COMPONENTS = 300;
const ID = /^[1-9]\d{0,14}$/;
const LOCAL_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Issues that leave nothing to show: the rest only mean the draft is not finished. */
const blocking = (issue: ComponentIssue) =>
  issue.field === 'kind' ||
  issue.pointer === '/data/attributes/settings' ||
  issue.key === 'unknownAttribute' ||
  (issue.pointer.startsWith('/data/relationships/') && issue.key !== 'required' && issue.key !== 'maxLength');

export interface ParsedDrafts extends DraftComponents {
  /** Unfinished drafts: their identity → the issues a save would report. */
  issues: Record<string, { pointer: string; key: string; params?: Record<string, string | number> }[]>;
}

export function parseDraftComponents(
  ctx: ReadContext,
  body: unknown,
  owner: { column: 'page_id' | 'global_page_element_id'; id: number; place: ComponentPlace },
): ParsedDrafts {
  if (!isObject(body) || !Array.isArray(body.data)) throw ApiError.many([fieldError('/data', 'data', 'required')]);
  if (body.data.length > MAX_PREVIEW_COMPONENTS) throw ApiError.many([fieldError('/data', 'data', 'maxLength', { max: MAX_PREVIEW_COMPONENTS })]);
  const errors = [];
  const rows: Row[] = [];
  const links = new Map<string, LinkValues>();
  const issues: ParsedDrafts['issues'] = {};
  const seen = new Set<string>();
  const ownerType = owner.column === 'page_id' ? 'page' : 'global_page_element';
  for (const [i, item] of body.data.entries()) {
    const at = (pointer: string) => pointer.replace(/^\/data/, `/data/${i}`);
    if (!isObject(item) || item.type !== 'components') {
      errors.push(fieldError(`/data/${i}/type`, 'type', 'invalidType', { expected: 'components' }));
      continue;
    }
    // A stored component keeps its id; a new one is named by the builder's local id (JSON:API `lid`).
    const identity = typeof item.id === 'string' && ID.test(item.id) ? item.id : typeof item.lid === 'string' && LOCAL_ID.test(item.lid) ? item.lid : null;
    if (identity === null || seen.has(identity)) {
      errors.push(fieldError(`/data/${i}/${item.id !== undefined ? 'id' : 'lid'}`, 'id', identity === null ? 'invalidType' : 'unique'));
      continue;
    }
    seen.add(identity);
    const attributes = isObject(item.attributes) ? item.attributes : {};
    const relationships = isObject(item.relationships) ? item.relationships : {};
    const given: Record<string, LinkValue | LinkValue[] | undefined> = {};
    for (const [name, rel] of Object.entries(relationships)) given[name] = isObject(rel) ? (rel.data as LinkValue | LinkValue[]) : (rel as LinkValue);
    const found = validateComponent({ kind: attributes.kind, settings: attributes.settings, links: given }, owner.place, { isTargetAvailable: (type) => findModel(type) !== undefined });
    const stopping = found.filter(blocking);
    if (stopping.length) {
      errors.push(...stopping.map((issue) => fieldError(at(issue.pointer), issue.field, issue.key, issue.params)));
      continue;
    }
    if (found.length) issues[identity] = found.map((issue) => ({ pointer: at(issue.pointer), key: issue.key, ...(issue.params ? { params: issue.params } : {}) }));
    const kind = String(attributes.kind);
    const settings = sanitizedSettings(kind, (attributes.settings as Record<string, unknown> | undefined) ?? {});
    rows.push({
      id: identity,
      client_id: ctx.clientId,
      kind,
      index: rows.length,
      settings: toDb(ctx.dialect, 'json', settings),
      owner_type: ownerType,
      owner_id: String(owner.id),
      page_id: owner.column === 'page_id' ? owner.id : null,
      global_page_element_id: owner.column === 'global_page_element_id' ? owner.id : null,
      article_id: null,
      created_at: null,
      updated_at: null,
    });
    const values: LinkValues = {};
    for (const [name, value] of Object.entries(given)) {
      const idOf = (v: LinkValue) => (v === null ? null : isObject(v) ? String(v.id) : String(v));
      if (Array.isArray(value)) values[name] = value.map(idOf).filter((x): x is string => x !== null);
      else if (value != null) values[name] = idOf(value);
    }
    links.set(identity, values);
  }
  if (errors.length) throw ApiError.many(errors);
  return { rows, links, issues };
}
