import { isTemplateKind, PAGE_KIND_INCLUDE_SETS, sortByIndex, type PageArea, type PageKind, type TemplateKind } from '@umpire/schema';
import type { RaRecord } from 'react-admin';
import { getRuntime } from '../../lib/configuration';
import { HttpFailure, type HttpClient } from '../../providers/http-client';
import { appHttpClient } from '../../providers/json-api';
import { toRecord } from '../../providers/data-provider';
import { cleanSettings, draftOf, relationshipsOf, templateRecordType, type ComponentTypeEntry, type Draft, type Owner } from './model';

/**
 * The builder's calls: the owner (a page with its type, or a global element) with its components,
 * component writes on the generic routes, the one-call reorder of
 * `/{pages|global_page_elements}/{id}/relationships/components` with the owner's version, and the
 * live preview of the drafts (`POST /{pages|global_page_elements}/{id}/preview`). All through the
 * app's HTTP client, so errors and successes have the pop-ups of spec §8.
 */
export interface ResourceObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data?: { type: string; id: string } | { type: string; id: string }[] | null }>;
}

export interface JsonApiDocument {
  data: ResourceObject;
  included?: ResourceObject[];
  meta?: {
    issues?: Record<string, unknown[]>;
    /** A template's preview: its kind and the record it is shown with (the one asked for, or the one the server picked; none when there is none yet). */
    template?: { kind: TemplateKind; record: { type: string; id: string } | null };
  };
}

export interface LoadedOwner {
  owner: Owner;
  /** The owner as a form record (`page_type_id`, nested page type). */
  record: RaRecord;
  updatedAt: string;
  components: Draft[];
}

export const isStale = (error: unknown) => error instanceof HttpFailure && error.status === 409;
export const isInvalid = (error: unknown) => error instanceof HttpFailure && error.status === 422;

export function createBuilderApi(http: HttpClient, base: () => string) {
  const url = (path: string) => `${base()}${path}`;
  return {
    async load(type: Owner['type'], id: string): Promise<LoadedOwner> {
      const include = type === 'pages' ? 'page_type,seo_image,components' : 'components';
      const { body } = await http<JsonApiDocument>(url(`/${type}/${encodeURIComponent(id)}?include=${include}`));
      const included = new Map((body.included ?? []).map((r) => [`${r.type}:${r.id}`, r]));
      const refs = body.data.relationships?.components?.data;
      const components = (Array.isArray(refs) ? refs : []).map((r) => included.get(`components:${r.id}`)).filter((r): r is ResourceObject => !!r);
      const record = toRecord(body.data, included, 1);
      const typeRef = body.data.relationships?.page_type?.data;
      const pageType = typeRef && !Array.isArray(typeRef) ? included.get(`page_types:${typeRef.id}`) : undefined;
      const template = pageType?.attributes.template_kind;
      const owner: Owner =
        type === 'pages'
          ? { type, id, pageKind: (pageType?.attributes.kind as PageKind | undefined) ?? null, template: isTemplateKind(template) ? template : null }
          : { type, id, area: (body.data.attributes.area as PageArea | undefined) ?? null };
      return {
        owner,
        record,
        updatedAt: String(body.data.attributes.updated_at),
        components: sortByIndex(components.map((c) => ({ ...draftOf(c), index: c.attributes.index }))).map(({ index: _index, ...d }) => d),
      };
    },

    /** The client's component types of a builder (`page_type` or `global_page_element`), all of them in their order. */
    async componentTypes(scope: string): Promise<ComponentTypeEntry[]> {
      const out: ComponentTypeEntry[] = [];
      for (let page = 1; ; page++) {
        const { body } = await http<{ data: ResourceObject[]; meta?: { total?: number } }>(
          url(`/component_types?filter%5Bkind%5D=${encodeURIComponent(scope)}&sort=position,name&page%5Bsize%5D=100&page%5Bnumber%5D=${page}`),
        );
        for (const r of body.data)
          out.push({
            id: r.id,
            name: String(r.attributes.name),
            componentKind: String(r.attributes.component_kind),
            description: (r.attributes.description as string | null) ?? null,
            position: Number(r.attributes.position ?? 0),
          });
        if (body.data.length < 100 || out.length >= (body.meta?.total ?? 0)) return out;
      }
    },

    /** The owner's version now (what a reorder must name). */
    async version(owner: Owner): Promise<{ updatedAt: string; order: string[] }> {
      const { body } = await http<{ data: { id: string }[]; meta: { updated_at: string } }>(url(`/${owner.type}/${owner.id}/relationships/components`));
      return { updatedAt: body.meta.updated_at, order: body.data.map((d) => d.id) };
    },

    async saveOwner(owner: Owner, attributes: Record<string, unknown>, relationships: Record<string, unknown>, updatedAt: string): Promise<string> {
      const { body } = await http<JsonApiDocument>(url(`/${owner.type}/${owner.id}`), {
        method: 'PATCH',
        body: { data: { type: owner.type, id: owner.id, attributes, relationships, meta: { updated_at: updatedAt } } },
      });
      return String(body.data.attributes.updated_at);
    },

    async createComponent(owner: Owner, draft: Draft, index: number): Promise<Draft> {
      const ownerLink = owner.type === 'pages' ? { page: { data: { type: 'pages', id: owner.id } } } : { global_page_element: { data: { type: 'global_page_elements', id: owner.id } } };
      const { body } = await http<JsonApiDocument>(url('/components'), {
        method: 'POST',
        body: { data: { type: 'components', attributes: { kind: draft.kind, index, settings: cleanSettings(draft.settings) }, relationships: { ...ownerLink, ...relationshipsOf(draft) } } },
      });
      return { ...draftOf(body.data), key: draft.key };
    },

    async updateComponent(draft: Draft): Promise<Draft> {
      const { body } = await http<JsonApiDocument>(url(`/components/${draft.id}`), {
        method: 'PATCH',
        body: {
          data: {
            type: 'components',
            id: draft.id,
            attributes: { settings: cleanSettings(draft.settings) },
            relationships: relationshipsOf(draft),
            ...(draft.updatedAt ? { meta: { updated_at: draft.updatedAt } } : {}),
          },
        },
      });
      return { ...draftOf(body.data), key: draft.key };
    },

    async deleteComponent(id: string): Promise<void> {
      await http(url(`/components/${id}`), { method: 'DELETE' });
    },

    /** The new order in one call; 409 when the owner changed since `updatedAt`. */
    async reorder(owner: Owner, ids: string[], updatedAt: string): Promise<string> {
      const { body } = await http<{ meta: { updated_at: string } }>(url(`/${owner.type}/${owner.id}/relationships/components`), {
        method: 'PATCH',
        body: { data: ids.map((id) => ({ type: 'components', id })), meta: { updated_at: updatedAt } },
      });
      return body.meta.updated_at;
    },

    /**
     * The owner as readers would get it with these drafts in place of its stored components
     * (the live preview): nothing is written. `meta.issues` names the unfinished drafts. A page
     * comes with every include set its kind offers (tables, line-ups, tickets…) and linked records'
     * texts in `locale`, as the website asks for them. A template's page is shown with `record` (an
     * id of its template's kind of record) filling its empty links; without one the server picks a
     * record and names it in `meta.template.record`.
     */
    async previewDrafts(owner: Owner, drafts: Draft[], signal?: AbortSignal, locale?: string, record?: string | null): Promise<JsonApiDocument> {
      const data = drafts.map((d) => ({
        type: 'components',
        ...(d.id ? { id: d.id } : { lid: d.key }),
        attributes: { kind: d.kind, settings: cleanSettings(d.settings) },
        relationships: relationshipsOf(d),
      }));
      const query = new URLSearchParams();
      if (owner.type === 'pages' && owner.pageKind && PAGE_KIND_INCLUDE_SETS[owner.pageKind].length) query.set('include', PAGE_KIND_INCLUDE_SETS[owner.pageKind].join(','));
      if (owner.type === 'pages' && locale) query.set('locale', locale);
      if (record && templateRecordType(owner)) query.set('record', record);
      const search = query.toString() ? `?${query.toString()}` : '';
      return (await http<JsonApiDocument>(url(`/${owner.type}/${owner.id}/preview${search}`), { method: 'POST', body: { data }, signal })).body;
    },

    /** The client's global page elements (header, footer, branding…), each with its components resolved, as a site draws them around a page. */
    async globalElements(signal?: AbortSignal): Promise<JsonApiDocument[]> {
      const { body } = await http<{ data: ResourceObject[] }>(url('/global_page_elements?sort=id&page%5Bsize%5D=100'), { signal });
      return Promise.all(body.data.map(async (e) => (await http<JsonApiDocument>(url(`/global_page_elements/${encodeURIComponent(e.id)}/preview`), { signal })).body));
    },
  };
}

export type BuilderApi = ReturnType<typeof createBuilderApi>;

let shared: BuilderApi | undefined;

export function builderApi(): BuilderApi {
  if (shared) return shared;
  // The app's client is asked at each call, not kept: one set later (setApiClient, as unit tests do) is the one used.
  shared = createBuilderApi((url, request) => appHttpClient()(url, request), () => getRuntime().urls.umpire);
  return shared;
}
