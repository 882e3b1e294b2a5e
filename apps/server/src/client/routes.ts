import { COMMENT_MODERATION_MODES, DEFAULT_COMMENT_MODERATION, DEFAULT_PUBLIC_ANONYMOUS_READS, INTERFACE_LANGUAGES, pointerSegment, sameJson, type ClientConfiguration, type InterfaceLanguage } from '@umpire/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../jsonapi/audit';
import { requireAbility, requireAuth } from '../jsonapi/access';
import { allowedProviders } from '../auth/tokens';
import { requestOrigin, type Config } from '../config';
import type { ChangeBus } from '../realtime/change-bus';
import type { Database } from '../db/database';
import { ApiError, apiError, errorSpec } from '../jsonapi/errors';
import { fieldError, keyOfIssue } from '../jsonapi/messages';
import { contentLanguageOf, rebuildShadows } from '../jsonapi/shadow';
import { fromDb, nowIso, toDb } from '../db/values';
import { collationFor, isCollationLanguage } from '../text/collation';

const JSONAPI = 'application/vnd.api+json';

/** What a client may configure; kept as JSON on the client row. */
const settingsSchema = z.object({
  interface_languages: z.array(z.enum(INTERFACE_LANGUAGES, { error: 'invalidEnum' })).min(1, { error: 'atLeastOneItemRequired' }),
  default_language: z.enum(INTERFACE_LANGUAGES, { error: 'invalidEnum' }),
  /** The language the client's data is written in, when not the default language: it decides how text sorts. */
  content_language: z.string().max(35, { error: 'maxLength' }).refine(isCollationLanguage, { error: 'invalidEnum' }).nullable(),
  assets_bucket: z.string().max(120, { error: 'maxLength' }),
  analytics_id: z.string().max(120, { error: 'maxLength' }).nullable(),
  external_api_keys: z.record(z.string().max(60), z.string().max(500)),
  /** When fans see each other's comments: once approved (pre) or until hidden (post). */
  comment_moderation: z.enum(COMMENT_MODERATION_MODES, { error: 'invalidEnum' }),
  /** Whether websites and apps may read the delivery API with `?client=` alone; false: only with a delivery key. */
  public_anonymous_reads: z.boolean({ error: 'invalidType' }),
});
type LanguageSettings = Pick<z.infer<typeof settingsSchema>, 'interface_languages' | 'default_language'>;
/** A client's languages are its own only once set; until then the installation's apply. */
export type ClientSettings = Omit<z.infer<typeof settingsSchema>, keyof LanguageSettings> & Partial<LanguageSettings>;

export const DEFAULT_SETTINGS: ClientSettings = {
  content_language: null,
  assets_bucket: 'umpire-assets',
  analytics_id: null,
  external_api_keys: {},
  comment_moderation: DEFAULT_COMMENT_MODERATION,
  public_anonymous_reads: DEFAULT_PUBLIC_ANONYMOUS_READS,
};

/**
 * The languages a client's admin offers: the client's own within the installation's
 * (INTERFACE_LANGUAGES), else the installation's; the default in spec §9's order: the client's
 * if offered, else DEFAULT_LANGUAGE if offered, else the first offered.
 */
export function clientLanguages(config: Pick<Config, 'interfaceLanguages' | 'defaultLanguage'>, settings: Partial<LanguageSettings>): LanguageSettings {
  const offered = (lang: string | undefined): lang is InterfaceLanguage => !!lang && (config.interfaceLanguages as string[]).includes(lang);
  const own = (settings.interface_languages ?? []).filter(offered);
  const languages = own.length ? own : [...config.interfaceLanguages];
  const fallback = [settings.default_language, config.defaultLanguage].find((lang) => offered(lang) && languages.includes(lang));
  return { interface_languages: languages, default_language: fallback ?? languages[0] };
}

const patchSchema = z.object({
  name: z.string().trim().min(1, { error: 'required' }).max(120, { error: 'maxLength' }).optional(),
  providers: z.record(z.string().max(60), z.string().max(2000)).optional(),
  settings: settingsSchema.partial().optional(),
});

interface ClientRow {
  id: number;
  name: string;
  slug: string;
  providers: Record<string, string>;
  settings: ClientSettings;
  created_at: string;
  updated_at: string;
}

async function loadClient(database: Database, id: number): Promise<ClientRow> {
  const row = await database.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    ...row,
    providers: fromDb('json', row.providers) as Record<string, string>,
    settings: { ...DEFAULT_SETTINGS, ...(fromDb('json', row.settings) as Partial<ClientSettings>) },
  } as ClientRow;
}

function clientResource(c: ClientRow, config: Config) {
  const keys = Object.keys(c.settings.external_api_keys);
  return {
    type: 'clients',
    id: String(c.id),
    attributes: {
      name: c.name,
      slug: c.slug,
      providers: allowedProviders(c.providers),
      settings: { ...c.settings, ...clientLanguages(config, c.settings), external_api_keys: undefined, external_api_key_names: keys },
      created_at: fromDb('datetime', c.created_at),
      updated_at: fromDb('datetime', c.updated_at),
    },
  };
}

export function configurationFor(request: FastifyRequest, config: Config, settings: ClientSettings): ClientConfiguration {
  const origin = requestOrigin(request, config);
  const host = new URL(origin).host.replace(/^127\.0\.0\.1/, 'localhost');
  return {
    ...clientLanguages(config, settings),
    umpire_api_url: `${origin}/api/v3`,
    umpire_moderator_api_url: `${origin}/api/v3`,
    auth_api_url: `${origin}/auth/v1`,
    media_library_api_url: `${origin}/media/v1`,
    // Chromium and most systems resolve *.localhost to loopback, so the CDN form works locally.
    cdn_id: config.cdnId,
    cdn_host: `${host}/img`,
    assets_bucket: settings.assets_bucket,
    analytics_id: settings.analytics_id,
  };
}

/** The client (organisation) record, the signed-in person, and the client's configuration. */
export function registerClientRoutes(app: FastifyInstance, config: Config, database: Database, bus: ChangeBus) {
  app.get('/api/v3/client', async (request, reply) => {
    const auth = requireAbility(request, 'read', 'client');
    reply.type(JSONAPI);
    return { data: clientResource(await loadClient(database, auth.clientId), config) };
  });

  app.patch('/api/v3/client', async (request, reply) => {
    const auth = requireAbility(request, 'update', 'client');
    const body = request.body as { data?: { type?: string; attributes?: unknown } } | undefined;
    if (body?.data?.type !== undefined && body.data.type !== 'clients')
      throw apiError(409, 'conflict.typeMustBe', { values: { expected: 'clients' }, source: { pointer: '/data/type' } });
    const parsed = patchSchema.safeParse(body?.data?.attributes ?? {});
    if (!parsed.success) {
      throw ApiError.many(
        parsed.error.issues.map((issue) => {
          const { key, params, items } = keyOfIssue(issue);
          return fieldError(`/data/attributes/${issue.path.map((p) => pointerSegment(String(p))).join('/')}`, String(issue.path.at(-1) ?? 'value'), key, params, { items });
        }),
      );
    }
    const before = await loadClient(database, auth.clientId);
    const next = {
      name: parsed.data.name ?? before.name,
      providers: parsed.data.providers ?? before.providers,
      settings: { ...before.settings, ...parsed.data.settings },
    };
    const offered = (lang: string) => (config.interfaceLanguages as string[]).includes(lang);
    const stray = (next.settings.interface_languages ?? []).findIndex((lang) => !offered(lang));
    if (stray >= 0)
      throw ApiError.many([
        errorSpec(422, 'invalidEnum.installationLanguage', {
          values: { field: 'interface_languages', languages: config.interfaceLanguages.join(', ') },
          source: { pointer: `/data/attributes/settings/interface_languages/${stray}` },
        }),
      ]);
    const { interface_languages: languages } = clientLanguages(config, next.settings);
    if (next.settings.default_language && !languages.includes(next.settings.default_language))
      throw ApiError.many([
        errorSpec(422, 'invalidEnum.interfaceLanguage', {
          values: { field: 'default_language' },
          source: { pointer: '/data/attributes/settings/default_language' },
        }),
      ]);
    await database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('clients')
        .set({
          name: next.name,
          providers: JSON.stringify(next.providers),
          settings: JSON.stringify(next.settings),
          updated_at: toDb(database.dialect, 'datetime', nowIso()),
        })
        .where('id', '=', auth.clientId)
        .execute();
      // Sort keys follow the content language: re-key the client's rows, holding its row until done.
      const collation = collationFor(contentLanguageOf(next.settings));
      if (collation.stamp !== collationFor(contentLanguageOf(before.settings)).stamp)
        await rebuildShadows({ db: trx, dialect: database.dialect, clientId: auth.clientId }, collation);
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      for (const k of ['name', 'providers', 'settings'] as const)
        if (!sameJson(before[k], next[k])) changes[k] = { before: before[k], after: next[k] };
      await recordAudit(
        { db: trx, dialect: database.dialect, clientId: auth.clientId, actor: auth.username, apiBase: '/api/v3' },
        'update',
        'client',
        String(auth.clientId),
        changes,
      );
    });
    // Cached reads of this client (lists sorted by the old collation) are dropped on every instance.
    await bus.publish([{ clientId: auth.clientId, type: 'clients', id: String(auth.clientId), action: 'update', actor: auth.username, before: null, after: null }]);
    reply.type(JSONAPI);
    return { data: clientResource(await loadClient(database, auth.clientId), config) };
  });

  app.get('/api/v3/current_client', async (request, reply) => {
    const auth = requireAuth(request);
    const client = await loadClient(database, auth.clientId);
    reply.type(JSONAPI);
    return {
      data: {
        type: 'current_client',
        id: auth.username,
        attributes: {
          username: auth.username,
          roles: auth.roles,
          abilities: auth.ability.rules,
          client: { id: String(client.id), name: client.name, providers: allowedProviders(client.providers) },
        },
      },
    };
  });

  app.get('/api/v3/settings/configurations', async (request, reply) => {
    const auth = requireAuth(request);
    const q = request.query as Record<string, string | undefined>;
    if (q.resource !== 'client')
      throw apiError(400, 'badRequest.onlyValue', { values: { parameter: 'resource', value: 'client' }, source: { parameter: 'resource' } });
    if (q.product !== 'umpire')
      throw apiError(400, 'badRequest.onlyValue', { values: { parameter: 'product', value: 'umpire' }, source: { parameter: 'product' } });
    const client = await loadClient(database, auth.clientId);
    reply.type(JSONAPI);
    return { data: { type: 'configurations', id: 'umpire', attributes: configurationFor(request, config, client.settings) } };
  });

  app.get('/api/v3/settings/external_api_keys', async (request, reply) => {
    const auth = requireAbility(request, 'read', 'client');
    const client = await loadClient(database, auth.clientId);
    const canSee = auth.ability.can('update', 'client');
    reply.type(JSONAPI);
    // Only those who may change the keys see them whole; others see that a key exists.
    return {
      data: Object.entries(client.settings.external_api_keys).map(([provider, key]) => ({
        type: 'external_api_keys',
        id: provider,
        attributes: { provider, key: canSee ? key : `${'•'.repeat(8)}${key.slice(-4)}` },
      })),
      meta: { total: Object.keys(client.settings.external_api_keys).length },
    };
  });
}
