import { componentKindDef, isTemplateKind, menuPageIds, validateComponent, type ComponentIssue, type ComponentPlace, type PageArea, type PageKind } from '@umpire/schema';
import { errorSpec, type ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { findModel } from '../jsonapi/model';
import type { ReadContext, Row } from '../jsonapi/read';
import { defineRules } from '../jsonapi/rules';
import { fromDb, toDb } from '../db/values';
import { sanitizeRichText } from './rich-text';
import { componentLinks } from './current-page';

/**
 * Components: one owner (a page, a global page element or an article), a kind its owner's
 * page kind or area allows (or that articles may embed), fields and links as the kind declares them (validateComponent, the
 * same function and keys as the admin's page builder). Rich text is sanitised before it is stored.
 */

const OWNER_COLUMNS = [
  ['page', 'page_id', 'pages'],
  ['global_page_element', 'global_page_element_id', 'global_page_elements'],
  ['article', 'article_id', 'articles'],
] as const;

/** Where a component with these columns lives, read from its owner. */
export async function placeOf(ctx: ReadContext, row: Row): Promise<ComponentPlace | null> {
  if (row.page_id != null) {
    const page = await ctx.db
      .selectFrom('pages')
      .innerJoin('page_types', 'page_types.id', 'pages.page_type_id')
      .select(['page_types.kind as kind', 'page_types.template_kind as template'])
      .where('pages.id', '=', Number(row.page_id))
      .where('pages.client_id', '=', ctx.clientId)
      .executeTakeFirst();
    return page ? { owner: 'page', pageKind: page.kind as PageKind, template: isTemplateKind(page.template) ? page.template : null } : null;
  }
  if (row.global_page_element_id != null) {
    const element = await ctx.db
      .selectFrom('global_page_elements')
      .select('area')
      .where('id', '=', Number(row.global_page_element_id))
      .where('client_id', '=', ctx.clientId)
      .executeTakeFirst();
    return element ? { owner: 'global_page_element', area: element.area as PageArea } : null;
  }
  if (row.article_id != null) {
    const article = await ctx.db.selectFrom('articles').select('id').where('id', '=', Number(row.article_id)).where('client_id', '=', ctx.clientId).executeTakeFirst();
    return article ? { owner: 'article' } : null;
  }
  return null;
}

/** A component's settings with its rich-text fields sanitised (what is stored, and what a preview shows). */
export function sanitizedSettings(kind: string, settings: Record<string, unknown>): Record<string, unknown> {
  const clean = { ...settings };
  for (const [name, field] of Object.entries(componentKindDef(kind)?.fields ?? {})) if (field.type === 'rich_text' && name in clean) clean[name] = sanitizeRichText(clean[name]);
  return clean;
}

/** Menu items leading to pages the league does not have (a typed id, a page deleted meanwhile). */
async function missingMenuPages(ctx: ReadContext, settings: unknown): Promise<ComponentIssue[]> {
  const ids = menuPageIds(settings);
  if (!ids.length) return [];
  const found = await ctx.db.selectFrom('pages').select('id').where('client_id', '=', ctx.clientId).where('id', 'in', ids.map(Number)).execute();
  const known = new Set(found.map((r) => String(r.id)));
  const issues: ComponentIssue[] = [];
  const walk = (items: unknown, pointer: string) => {
    if (!Array.isArray(items)) return;
    items.forEach((item: { page_id?: unknown; children?: unknown }, i) => {
      if (typeof item?.page_id === 'string' && !known.has(item.page_id))
        issues.push({ pointer: `${pointer}/${i}/page_id`, field: 'page_id', key: 'notFound' });
      walk(item?.children, `${pointer}/${i}/children`);
    });
  };
  walk((settings as { items?: unknown }).items, '/data/attributes/settings/items');
  return issues;
}

/** The JSON:API 422s of validateComponent's issues. */
export function componentErrors(issues: ReturnType<typeof validateComponent>): ErrorSpec[] {
  // A link's bounds count linked records, not characters.
  return issues.map((issue) => fieldError(issue.pointer, issue.field, issue.key, issue.params, { items: issue.pointer.startsWith('/data/relationships/') }));
}

/**
 * A page type's kind and template decide what its pages' components may be: a change of either is
 * refused while a component of its pages would no longer pass (a kind the new kind does not take,
 * a link a template's record filled and the component left empty).
 */
defineRules('page_types', {
  async validate(ctx, { action, before, row }) {
    if (action !== 'update' || !before || (before.kind === row.kind && (before.template_kind ?? null) === (row.template_kind ?? null))) return [];
    const components = await ctx.db
      .selectFrom('components')
      .innerJoin('pages', 'pages.id', 'components.page_id')
      .select(['components.id as id', 'components.kind as kind', 'components.index as index', 'components.settings as settings'])
      .where('pages.page_type_id', '=', Number(row.id))
      .where('components.client_id', '=', ctx.clientId)
      .execute();
    if (!components.length) return [];
    const links = await componentLinks(ctx, components.map((c) => Number(c.id)));
    const place = { owner: 'page' as const, pageKind: row.kind as PageKind, template: isTemplateKind(row.template_kind) ? row.template_kind : null };
    const broken = components.filter(
      (c) =>
        validateComponent({ kind: c.kind, index: c.index, settings: fromDb('json', c.settings) ?? {}, links: links.get(String(c.id)) ?? {} }, place, {
          isTargetAvailable: (type) => findModel(type) !== undefined,
        }).some((issue) => issue.key === 'componentKindNotAllowed' || (issue.key === 'required' && issue.pointer.startsWith('/data/relationships/'))),
    ).length;
    if (!broken) return [];
    const field = before.kind !== row.kind ? 'kind' : 'template_kind';
    return [errorSpec(422, 'pageTypeInUse.count', { source: { pointer: `/data/attributes/${field}` }, values: { field, count: broken }, params: { count: broken } })];
  },
});

defineRules('components', {
  async validate(ctx, { row, links }) {
    const owners = OWNER_COLUMNS.filter(([, column]) => row[column] != null);
    if (owners.length !== 1)
      return [
        errorSpec(422, 'oneOwnerRequired', {
          values: { field: 'page' },
          source: { pointer: owners.length ? '/data/relationships/global_page_element' : '/data/relationships/page' },
        }),
      ];
    const place = await placeOf(ctx, row);
    const settings = fromDb('json', row.settings) ?? {};
    const issues = validateComponent(
      { kind: row.kind, index: row.index, settings, links: links ?? {} },
      place,
      { isTargetAvailable: (type) => findModel(type) !== undefined },
    );
    if (row.kind === 'main_menu' && !issues.length) issues.push(...(await missingMenuPages(ctx, settings)));
    return componentErrors(issues);
  },
  async derive(ctx, row) {
    const [owner, column] = OWNER_COLUMNS.find(([, c]) => row[c] != null) ?? OWNER_COLUMNS[0];
    const settings = (fromDb('json', row.settings) ?? {}) as Record<string, unknown>;
    return { owner_type: owner, owner_id: String(row[column]), settings: toDb(ctx.dialect, 'json', sanitizedSettings(String(row.kind), settings)) };
  },
  linkNames(row) {
    return Object.keys(componentKindDef(String(row.kind))?.links ?? {});
  },
});
