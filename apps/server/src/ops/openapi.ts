import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allModels, type Model } from '../jsonapi/model';
import { API_PREFIX } from '../jsonapi/routes';

function attributeSchema(model: Model) {
  const properties: Record<string, unknown> = {};
  for (const [name, def] of model.attributes) {
    let schema: Record<string, unknown>;
    try {
      schema = z.toJSONSchema(def.schema, { unrepresentable: 'any', io: 'input' });
      delete schema.$schema;
    } catch {
      schema = {};
    }
    properties[name] = { ...schema, ...(def.readOnly ? { readOnly: true } : {}), nullable: !def.required };
  }
  properties.created_at = { type: 'string', format: 'date-time', readOnly: true };
  properties.updated_at = { type: 'string', format: 'date-time', readOnly: true };
  return { type: 'object', properties, required: [...model.attributes].filter(([, d]) => d.required).map(([n]) => n) };
}

/** OpenAPI 3.1 generated from the resource declarations, the same ones the engine serves. */
export function openApiDocument() {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const listParams = [
    { name: 'include', in: 'query', schema: { type: 'string' }, description: 'Comma list of relationship paths (a.b)' },
    { name: 'sort', in: 'query', schema: { type: 'string' }, description: "Comma list; - for descending; text in the client's language, case ignored" },
    { name: 'page[number]', in: 'query', schema: { type: 'integer', minimum: 1 } },
    { name: 'page[size]', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
  ];
  const err = { description: 'JSON:API errors', content: { 'application/vnd.api+json': { schema: { $ref: '#/components/schemas/Errors' } } } };
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  for (const m of allModels()) {
    const name = m.type;
    schemas[name] = {
      type: 'object',
      properties: {
        type: { const: m.type },
        id: { type: 'string' },
        attributes: attributeSchema(m),
        relationships: {
          type: 'object',
          properties: Object.fromEntries([...m.relationships].map(([r, def]) => [r, { description: `${def.kind} ${def.type}` }])),
        },
      },
    };
    const ref = { $ref: `#/components/schemas/${name}` };
    const one = { content: { 'application/vnd.api+json': { schema: { type: 'object', properties: { data: ref } } } } };
    const filters = [
      ...[...m.attributes].filter(([, a]) => a.filter).map(([a, d]) => ({
        name: `filter[${a}]`,
        in: 'query',
        schema: { type: 'string' },
        description: d.filter === 'range' ? 'Equality or comma list; also [gte], [lte], [gt], [lt]' : 'Equality or comma list',
      })),
      ...[...m.belongsTo.keys()].map((r) => ({ name: `filter[${r}]`, in: 'query', schema: { type: 'string' }, description: 'Related id(s), or null' })),
      ...(m.searchAttributes.length
        ? [{ name: 'filter[q]', in: 'query', schema: { type: 'string' }, description: 'Text search: every word (at most 10) in any searchable attribute, case and accents ignored' }]
        : []),
    ];
    const base = `${API_PREFIX}/${m.path}`;
    const tags = [m.def.section];
    paths[base] = {
      get: { tags, summary: `List ${name}`, parameters: [...listParams, ...filters], responses: { 200: { description: 'A page', ...one }, 400: err } },
      ...(m.def.readOnly ? {} : { post: { tags, summary: `Create ${name}`, requestBody: one, responses: { 201: { description: 'Created', ...one }, 422: err } } }),
    };
    paths[`${base}/{id}`] = {
      get: { tags, summary: `Fetch one of ${name}`, parameters: [idParam, listParams[0]], responses: { 200: { description: 'The record', ...one }, 404: err } },
      ...(m.def.readOnly
        ? {}
        : {
            patch: { tags, summary: `Update ${name}`, parameters: [idParam], requestBody: one, responses: { 200: { description: 'Updated', ...one }, 404: err, 422: err } },
            delete: { tags, summary: `Delete ${name}`, parameters: [idParam], responses: { 204: { description: 'Deleted' }, 404: err, 409: err } },
          }),
    };
  }
  // Routes beyond the five per resource: computed views, the client and the auth API.
  const doc = { 200: { description: 'A JSON:API document' }, 400: err, 404: err };
  const custom: [method: string, path: string, summary: string, tag: string, params?: object[]][] = [
    ['get', '/api/v3/groups/{id}/standings', 'Standings of a group from its finished matches (?round=N for the table after round N)', 'football', [idParam]],
    ['get', '/api/v3/matches/{id}/stats', 'Match statistics: counts per side, score timeline, goals by half, players', 'calendar', [idParam]],
    ['get', '/api/v3/squads/{id}/stats', 'Squad statistics and its players', 'team', [idParam]],
    ['get', '/api/v3/statistics', 'Player statistics of a competition season (filter[competition_season|squad|player], sort by a type)', 'football'],
    ['get', '/api/v3/statistics/types', 'The statistic types', 'football'],
    ['get', '/api/v3/squad_players/ratings', 'Ratings of squad players from their statistics', 'team'],
    ['get', '/api/v3/competition_seasons/{id}/competitions_squads', 'Squads of a competition season', 'football', [idParam]],
    ['post', '/api/v3/competition_seasons/{id}/competitions_squads', 'Add squads to a competition season (data: squad identifiers)', 'football', [idParam]],
    ['get', '/api/v3/client', 'The client (organisation)', 'settings'],
    ['patch', '/api/v3/client', 'Change the client: name, providers, settings', 'settings'],
    ['get', '/api/v3/current_client', 'The signed-in user, roles, abilities and client', 'settings'],
    ['get', '/api/v3/settings/configurations', 'Configuration for the admin (?resource=client&product=umpire)', 'settings'],
    ['get', '/api/v3/settings/external_api_keys', 'External API keys of the client', 'settings'],
    ['post', '/auth/v1/sign_in', 'Sign in: {data:{type:"sign_in",attributes:{username,password}}} → token', 'auth'],
    ['get', '/auth/v1/sign_in', 'The sign-in page (?redirect=<allowed url>)', 'auth'],
    ['get', '/auth/v1/sign_out', 'Sign out and return to the sign-in page (?redirect=)', 'auth'],
    ['get', '/api/v3/images/{id}/usages', 'Where an image is used: records whose image links point at it (MediaUsageDocument, application/json)', 'folder', [idParam]],
    ['get', '/img/{request}/{image_path}', 'An image variant, thumbor style: fit-in/{w}x{h}/filters:format(webp):quality(80)/{image_path}, or {w}x{h}[/smart]/filters:focal(LxT:RxB)/… to crop (sizes and qualities from IMAGE_SIZES, IMAGE_QUALITIES)', 'folder'],
  ];
  for (const [method, path, summary, tag, parameters] of custom)
    paths[path] = { ...(paths[path] as object), [method]: { tags: [tag], summary, ...(parameters ? { parameters } : {}), responses: doc } };

  schemas.Errors = {
    type: 'object',
    properties: {
      errors: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            status: { type: 'string' },
            code: { type: 'string' },
            title: { type: 'string', description: 'In the language of Accept-Language (pl or en; en otherwise).' },
            detail: { type: 'string', description: 'In the language of Accept-Language (pl or en; en otherwise).' },
            source: { type: 'object', properties: { pointer: { type: 'string' }, parameter: { type: 'string' } } },
            meta: { type: 'object', properties: { key: { type: 'string' }, params: { type: 'object' } } },
          },
        },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Umpire API', version: '3', description: 'JSON:API 1.0. Authorization: Bearer <token> from POST /auth/v1/sign_in.' },
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** /api/docs: a readable reference page without scripts; /api/docs/openapi.json for tools. */
export function registerOpenApi(app: FastifyInstance) {
  let cached: ReturnType<typeof openApiDocument> | null = null;
  const doc = () => (cached ??= openApiDocument());
  app.get('/api/docs/openapi.json', async () => doc());
  app.get('/api/docs', async (_request, reply) => {
    const d = doc();
    const rows = Object.entries(d.paths as Record<string, Record<string, { summary: string; parameters?: { name: string; description?: string }[] }>>)
      .map(
        ([path, ops]) =>
          `<section><h2><code>${escape(path)}</code></h2>${Object.entries(ops)
            .map(
              ([method, op]) =>
                `<h3>${method.toUpperCase()} — ${escape(op.summary)}</h3>${
                  op.parameters?.length
                    ? `<ul>${op.parameters.map((p) => `<li><code>${escape(p.name)}</code>${p.description ? ` — ${escape(p.description)}` : ''}</li>`).join('')}</ul>`
                    : ''
                }`,
            )
            .join('')}</section>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Umpire API reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1b2430}h2{font-size:1.1rem;border-top:1px solid #ddd;padding-top:1rem}h3{font-size:.95rem;margin:.6rem 0 .2rem}code{background:#f2f4f7;padding:0 .25rem}</style></head>
<body><h1>Umpire API v3</h1><p>${escape(d.info.description)} Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a>.</p>${rows}</body></html>`;
  });
}
