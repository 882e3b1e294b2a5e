import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allModels, type Model } from '../jsonapi/model';
import { API_PREFIX } from '../jsonapi/routes';
import { registerApiReference } from './api-reference';
import { includeTarget, publicIncludes, publicModelOf, publicSearch, publicSorts, routedPublicModels, type PublicModel } from '../jsonapi/public-projection';

function attributeSchema(model: Model, only?: Set<string>) {
  const properties: Record<string, unknown> = {};
  const attributes = [...model.attributes, ...(model.translation?.attributes ?? [])].filter(([name]) => !only || only.has(name));
  for (const [name, def] of attributes) {
    let schema: Record<string, unknown>;
    try {
      schema = z.toJSONSchema(def.schema, { unrepresentable: 'any', io: 'input' });
      delete schema.$schema;
    } catch {
      schema = {};
    }
    properties[name] = { ...schema, ...(def.readOnly ? { readOnly: true } : {}), nullable: !def.required };
  }
  if (!only) properties.created_at = { type: 'string', format: 'date-time', readOnly: true };
  properties.updated_at = { type: 'string', format: 'date-time', readOnly: true };
  if (model.translation && (!only || only.has('locale'))) properties.locale = { type: 'string', enum: model.translation.locales, readOnly: true };
  return { type: 'object', properties, required: attributes.filter(([, d]) => d.required).map(([n]) => n) };
}

/**
 * The server is the one the document was read from: a relative URL, resolved against the
 * document's own address (OpenAPI's Server Object), so behind a proxy or on any host the calls go where
 * the reader is, and the cached document is the same for every host.
 */
const SERVERS = [{ url: '/', description: 'This server: the address this document was read from' }];

/** The public API's credentials: a website's or app's delivery key, and a fan's token. */
const PUBLIC_SCHEMES = {
  deliveryKey: { type: 'apiKey', in: 'header', name: 'X-Delivery-Key', description: 'A delivery key of the league (udk_…): it names the league, so ?client= is not needed' },
  fan: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A fan token: meta.token of POST /public/v1/fans or /public/v1/fans/sign_in' },
};
/** Any of these: a delivery key, a fan token, both, or none (with ?client=); a route refuses what it needs and lacks (401). */
const PUBLIC_SECURITY = [{ deliveryKey: [] }, { fan: [] }, { deliveryKey: [], fan: [] }, {}];

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
      ...(m.def.readOnly || m.def.serverCreated ? {} : { post: { tags, summary: `Create ${name}`, requestBody: one, responses: { 201: { description: 'Created', ...one }, 422: err } } }),
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
    // Fixture generation for a group (issue 26, point 1): body FixturePlanRequest.
    ['post', '/api/v3/groups/{id}/fixtures/preview', 'Preview the fixtures of a group (writes nothing): the rounds with their dates, matches (kickoff in Europe/Warsaw, venue of the home club), each club\'s home/away pattern, and the checks (pairings, home_away_balance, no_three_in_a_row, shared_stadiums, fixed_pairings, rest), each held, violated (conflicts name the squads and rounds) or not_applicable; attributes.digest names this plan', 'football', [idParam]],
    ['post', '/api/v3/groups/{id}/fixtures', 'Generate the fixtures of a group: the same body (preview_digest: the preview\'s digest, 409 fixturePlanChanged when the plan would now differ); writes the rounds (of the group\'s stage, reused by number) and the matches in one transaction as an import (kind generated_fixtures; DELETE /api/v3/imports/{id} undoes it) and answers it (201, meta: rounds, matches); 409 fixtureGroupHasMatches when the group has matches', 'football', [idParam]],
    [
      'get',
      '/api/v3/counts',
      "How many records of each type the client holds, in one document's meta.counts ({\"clubs\": 18, ...}); types the user may not read are left out, never counted; kept in memory until the client's data changes (ETag, 304)",
      'settings',
      [{ name: 'types', in: 'query', schema: { type: 'string' }, description: 'Comma list of resource types (all readable types when absent); an unknown type is a 400 naming the parameter' }],
    ],
    // The media library API v1 (packages/schema/src/media.ts).
    ['get', '/media/v1/uploads/files', 'A folder of the media library: ?path=/crests/, filter[q] (names in the folder and below), filter[kind], sort (name, created_at, updated_at, size, kind; folders first), page[number], page[size] ≤ 1000', 'folder'],
    ['post', '/media/v1/uploads/files', 'Upload a file: multipart/form-data with path (default /) then file; the type is read from the content; a taken name gets a number (name (2).ext)', 'folder'],
    ['get', '/media/v1/uploads/files/{id}', 'A library file or folder', 'folder', [idParam]],
    ['patch', '/media/v1/uploads/files/{id}', 'Rename, move (a folder with its content) or set alt_text: {data:{type:"files",attributes:{name?,path?,alt_text?}}}', 'folder', [idParam]],
    ['delete', '/media/v1/uploads/files/{id}', 'Delete a file or folder; a non-empty folder (folderNotEmpty) or a used file (fileInUse) only with ?force=true', 'folder', [idParam]],
    ['get', '/media/v1/uploads/files/{id}/usages', 'Where a file is used: rows holding it (file_id) and the records linking those (MediaUsageDocument, application/json)', 'folder', [idParam]],
    ['get', '/media/v1/uploads/files/{id}/content', 'The bytes of a file (Range; ?download=true; ?token= where no header can be sent)', 'folder', [idParam]],
    ['post', '/media/v1/files/create_subdirectory', 'Create a folder: {path:"/crests/",name:"2026"}', 'folder'],
    ['get', '/api/v3/client', 'The client (organisation)', 'settings'],
    ['patch', '/api/v3/client', 'Change the client: name, providers, settings', 'settings'],
    ['get', '/api/v3/current_client', 'The signed-in user, roles, abilities and client', 'settings'],
    ['get', '/api/v3/settings/configurations', 'Configuration for the admin (?resource=client&product=umpire)', 'settings'],
    ['get', '/api/v3/settings/external_api_keys', 'External API keys of the client', 'settings'],
    // Delivery keys (issue 24, point 2): list, fetch, update (name, rate_limit_per_minute) and delete are the generated routes.
    ['post', '/api/v3/delivery_keys', 'Make a delivery key for a website or app: {data:{type:"delivery_keys",attributes:{name, rate_limit_per_minute? (1–100000, default 600)}}} → 201 with the secret in meta.secret, shown this once (only its SHA-256 is kept; a retry with the same Idempotency-Key answers the key with meta.secret null). Websites and apps send it as X-Delivery-Key on /public/v1: an unknown or revoked key is a 401 invalidDeliveryKey, more than its limit a minute a 429 with Retry-After', 'settings'],
    ['post', '/api/v3/delivery_keys/{id}/revoke', 'Empty body: revoke a delivery key (final; the key stays listed with status revoked and revoked_at; its next read is refused on every instance) → 200; again on a revoked key nothing changes', 'settings', [idParam]],
    // Imports (issue 26): list and fetch (the history, each import's summary) are the generated routes.
    ['post', '/api/v3/imports', 'Import a CSV or XLSX file (issue 26), multipart/form-data: file (≤ 10 MB, ≤ 20,000 rows, ≤ 200 columns, ≤ 1,000 characters a cell; CSV in UTF-8 with or without BOM or Windows-1250, delimiter , ; or tab; XLSX: the first worksheet alone, at most 100 MB unpacked, cells with formulas refused), kind (fixtures | results | clubs | squads | players), mapping (JSON {column header: field}; guessed from Polish and English headers and the mapping last committed for the kind when absent), matches (JSON {"row:column": record id, or "new" where the kind creates}), the targets competition_season_id, stage_id, group_id (fixtures, results), season_id, competition_season_id (squads), season_id or squad_id (players). ?dry_run=true answers the report (200, type import_reports: mapping, fields, per row its action create|update|skip|error, the record it matches, its changes, the candidates of each name, warnings and errors with row and column) and writes nothing. Without it the file is checked again and written in one transaction (201, the import with meta.report), or nothing is written: 422 with every row error (source.pointer /rows/{row}/{column}). 413 importFile.tooLarge / importFileInflated / importTooManyRows / importTooManyColumns, 415 importFile.format, 422 importFile.encoding / importFile.empty / importFormula / importCellTooLong / importMapping / importTarget', 'calendar', [{ name: 'dry_run', in: 'query', schema: { type: 'boolean' }, description: 'true: answer the report, write nothing' }]],
    ['delete', '/api/v3/imports/{id}', 'Undo an import: deletes exactly the records it created, newest first (each in the history of changes), and answers the import with status undone (200); what it updated keeps its values. 409 importHasDependents (meta.params.dependents names up to 10 later records referring to what it created; nothing changes), 409 importUndone when undone before', 'calendar', [idParam]],
    ['post', '/api/v3/ott/file_uploads', 'Start a multipart upload: {data:{type:"file_upload",attributes:{file_name,number_of_parts,path?}}} → part URLs, complete, abort', 'media'],
    // OTT (issue 11): events, streams, transcoding jobs and HLS playback.
    ['get', '/api/v3/ott/events/allowed_country', 'The country list of allowed_country (spec §3): ISO codes under their official names, Kosovo as XKX, the home nations GB-ENG, GB-SCT, GB-WLS, GB-NIR (?locale=pl|en)', 'video'],
    ['get', '/api/v3/ott/events/export', 'A CSV download of the client’s events (text/csv, attachment; a cell starting with =, +, -, @, a tab or a carriage return gets a leading \' so spreadsheets never run it)', 'video'],
    ['get', '/api/v3/ott/events/{id}/status', 'An event’s status, its stream’s state and health, and its newest encoding (state, progress); 422 ottEncodingFailed with ffmpeg’s reason when that encoding failed (spec §8: the body is shown, no pop-up)', 'video', [idParam]],
    ['post', '/api/v3/ott/events/{id}/recreate_encoding', 'Empty body: transcode the event’s video again (earlier unfinished jobs are cancelled) → 202 with the transcoding job; 422 ottNoVideo without a video', 'video', [idParam]],
    ['get', '/api/v3/ott/events/{id}/stream', 'The event’s stream (data null when it has none)', 'video', [idParam]],
    ['get', '/api/v3/ott/events/{id}/playback', 'Where the event plays now (url): its live HLS while its stream runs, else its newest finished HLS transcoding, else its ended stream\'s recording as HLS VOD; and where its newest live-to-VOD MP4 downloads (download_url, download_job_id). pay_per_view and subscription events get signed URLs expiring after OTT_PLAYBACK_TTL_SECONDS', 'video', [idParam]],
    ['patch', '/api/v3/ott/streams/{id}/start', 'Publish the stream: {data:{id,type:"ott_stream",attributes:{use_backup}}}; from idle or paused; its events go live. 409 streamTransition from another state, 409 liveEngineFailed when the engine refuses (nothing changes)', 'video', [idParam]],
    ['patch', '/api/v3/ott/streams/{id}/pause', 'Show the holding slate (ingest stays connected): same body; from live', 'video', [idParam]],
    ['patch', '/api/v3/ott/streams/{id}/stop', 'End the stream and its recording (final): same body; from live or paused; its events end', 'video', [idParam]],
    ['post', '/api/v3/ott/streams/{id}/download', 'Empty body: turn the stream’s recording into an MP4 as a transcoding job (live-to-VOD) → 202; 503 liveEngineUnavailable without the live engine', 'video', [idParam]],
    ['post', '/api/v3/ott/streams/{id}/rotate_keys', 'Empty body: new stream keys and SRT passphrase for both ingests (a leaked one replaced), taken by the open listeners on the same addresses; the stream with its new secrets in meta → 200; 409 streamKeysOnAir while live or paused', 'video', [idParam]],
    ['post', '/api/v3/ott/transcoding_jobs/{id}/cancel', 'Cancel a waiting or running job (ffmpeg is stopped within a second); 409 transcodingEnded once it ended', 'video', [idParam]],
    ['get', '/api/v3/ott/playlists/{id}/events', 'A playlist’s events in their order (position), with include=, fields[], locale= as an event read', 'video', [idParam]],
    ['get', '/ott/hls/{kind}/{id}/{file}', 'HLS output for players (CORS *): kind live (a stream id) or vod (a finished job id); paid events only under …/{id}/s/{expires}/{signature}/…; allowed_country checked against the OTT_COUNTRY_HEADER header (default CF-IPCountry)', 'video', [{ name: 'kind', in: 'path', required: true, schema: { enum: ['live', 'vod'] } }, idParam, { name: 'file', in: 'path', required: true, schema: { type: 'string' } }]],
    // Entitlements (issue 24, point 5): list and fetch are the generated routes (filter[fan], filter[event], filter[kind], filter[source], filter[external_ref], filter[active]=true|false).
    ['post', '/api/v3/ott/entitlements', 'Grant a fan an entitlement: {data:{type:"ott_entitlements",attributes:{kind: event|subscription, valid_from? (default now), valid_until? (null: open-ended), external_ref? (the payment\'s id, unique per client)},relationships:{fan:{data:{type:"fans",id}}, event?:{data:{type:"ott_events",id}}}}} → 201 (source staff). An event entitlement names its event (it opens that event, pay_per_view or subscription); a subscription names none and opens every subscription event, not pay_per_view ones. 422 required / entitlementSubscriptionEvent / entitlementWindowOrder / notFound (a fan or event of another client) / unique (external_ref)', 'video'],
    ['post', '/api/v3/ott/entitlements/{id}/revoke', 'Empty body: revoke an entitlement (revoked_at, revoked_by; final, playback is refused from the next request) → 200; again on a revoked one nothing changes. Entitlements are never edited nor deleted', 'video', [idParam]],
    ['get', '/api/v3/fans', 'The fans of the client\'s websites and apps, read only (kind, display_name, email, is_banned, last_seen_at): filter[q] finds by name or e-mail, filter[kind], filter[email], filter[is_banned]; never device ids nor password hashes', 'settings'],
    ['get', '/api/v3/ott/payment_webhook', 'Where the payment provider calls (url, with ?client=) and whether a secret is set: configured, secret_hint (its last characters), rotated_at, rotated_by; never the secret', 'video'],
    ['post', '/api/v3/ott/payment_webhook/rotate_secret', 'Admins: a new webhook secret (whsec_…), in meta.secret of this answer only; calls signed with the previous one are refused from now on', 'video'],
    ['get', '/public/v1/ott/events/{id}/playback', 'Fan-facing: where an event plays now (?client=): kind live|vod|null, url (null until there is something to play: a pending event), expires_at, access, status. Free events for anyone; pay_per_view and subscription events only with a fan token (Authorization: Bearer) of a fan of this client holding an active entitlement (401 unauthorized without one, 403 entitlementRequired without an entitlement), as signed URLs expiring after OTT_PLAYBACK_TTL_SECONDS. allowed_country is checked first, for everyone, against the OTT_COUNTRY_HEADER header (403 playbackCountryNotAllowed). 404 for an event of another client. Cache-Control: private, no-store', 'public', [idParam]],
    ['post', '/public/v1/ott/payments/webhook', 'The payment provider\'s call (?client=): header X-Umpire-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")> (several v1 may be sent); body {"id": delivery id, "type": "entitlement.granted"|"entitlement.revoked", "data": {"fan_id" or "fan_email" (an account fan), "kind": "event"|"subscription", "event_id"?, "valid_from"?, "valid_until"? (ISO 8601; null or absent: open-ended), "external_ref": the payment\'s id}} (a revoke needs only data.external_ref). → 200 with the entitlement and meta {delivery_id, duplicate}; a delivery id seen before is answered 200 (duplicate: true) and changes nothing, and a payment (external_ref) grants once. 401 webhookSignatureInvalid, 401 webhookTimestampStale (more than 300 s from the server\'s clock), 401 webhookNotConfigured, 400 malformedJson, 422 with a pointer into the body (/id, /type, /data/kind, /data/fan_id, /data/fan_email, /data/event_id, /data/external_ref …) for a malformed payload or an unknown fan, event or payment; a refused delivery is not remembered', 'public'],
    ['get', '/media/v1/file_uploads/{id}', 'A multipart upload and the parts stored so far (to resume)', 'media', [idParam]],
    ['put', '/media/v1/file_uploads/{id}/parts/{part}', 'One part of a multipart upload on the local driver (raw bytes; answers its ETag)', 'media', [idParam]],
    ['post', '/media/v1/file_uploads/{id}/complete', 'Join the parts into a library file (optionally {data:{attributes:{parts:[{part_number,etag}]}}})', 'media', [idParam]],
    ['delete', '/media/v1/file_uploads/{id}', 'Abort a multipart upload: its parts are dropped', 'media', [idParam]],
    ['post', '/media/v1/uploads/tus', 'tus 1.0: create a resumable upload (Tus-Resumable, Upload-Length, Upload-Metadata filename and path)', 'media'],
    ['head', '/media/v1/uploads/tus/{id}', 'tus 1.0: the offset to resume from (Upload-Offset)', 'media', [idParam]],
    ['patch', '/media/v1/uploads/tus/{id}', 'tus 1.0: append bytes at Upload-Offset (application/offset+octet-stream); the last answers Media-File-Id', 'media', [idParam]],
    ['delete', '/media/v1/uploads/tus/{id}', 'tus 1.0: terminate an upload and drop its bytes', 'media', [idParam]],
    ['post', '/auth/v1/sign_in', 'Sign in: {data:{type:"sign_in",attributes:{username,password}}} → token', 'auth'],
    ['get', '/auth/v1/sign_in', 'The sign-in page (?redirect=<allowed url>)', 'auth'],
    ['get', '/auth/v1/sign_out', 'Sign out (the session cookie\'s token is revoked) and return to the sign-in page (?redirect=)', 'auth'],
    ['post', '/auth/v1/sign_out', 'Sign out an app: the Bearer token (and the session cookie\'s) is revoked on every instance; 204', 'auth'],
    ['get', '/api/v3/images/{id}/usages', 'Where an image is used: records whose image links point at it (MediaUsageDocument, application/json)', 'folder', [idParam]],
    // Bulk edit and rescheduling of matches (issue 26).
    ['patch', '/api/v3/matches', 'Bulk edit: the matches selected by data:[{type:"matches",id}…] and/or the list\'s filters in the query (filter[round], filter[club], filter[kickoff_at][gte]/[lt], filter[status]…, as GET /api/v3/matches; at most 500, else 422 matchSelectionTooLarge) all get meta:{attributes:{kickoff_at?, status? (not_started|postponed|cancelled|abandoned)}, relationships:{venue?, round?}, kickoff_date? (YYYY-MM-DD, each keeps its time) or kickoff_shift? ("+2 days", "-3 hours", "+1 week"), kickoff_time? ("HH:MM", Warsaw)}. Every match goes through the engine (validation, history, change events) in one transaction: one refusal refuses all, each error pointing into meta with meta.params.match. ?dry_run=true writes nothing and answers meta.matches (each before → after with its own errors), meta.valid and meta.conflicts (club_same_day, venue_same_time); applied, data holds the updated matches and meta the same preview. 422 matchSelectionRequired, matchChangesRequired, matchKickoffTwice, matchStatusNotSettable', 'calendar', [{ name: 'dry_run', in: 'query', schema: { type: 'boolean' } }]],
    ['post', '/api/v3/matches/{id}/postponement', 'Postpone a match: {data:{type:"match_postponements",attributes:{kickoff_at? | date? (YYYY-MM-DD, the time of day kept), reason? (300), notify? (boolean)}}}. Without a date the match is postponed (status postponed, kickoff kept); with one it moves and is not_started again. Kept in the history with its reason; notify creates and sends a push notification (Polish and English) to the followers of both clubs (topic club:<id>). ?dry_run=true previews. 422 matchStatusNotSettable once the match has started, matchPostponementDate with both kickoff_at and date', 'calendar', [idParam, { name: 'dry_run', in: 'query', schema: { type: 'boolean' } }]],
    ['post', '/api/v3/rounds/{id}/postponement', 'Postpone a round: the same body; its first match not yet played moves to the new kickoff or date and the others by the same step (each keeping its time of day with a date); played, live, cancelled and abandoned matches are left and listed in meta.skipped; one notification per match with notify. data holds the moved matches, meta.conflicts the new schedule\'s conflicts', 'calendar', [idParam, { name: 'dry_run', in: 'query', schema: { type: 'boolean' } }]],
    // Content: pages and their components, articles and what websites read (issue 9).
    [
      'get',
      '/api/v3/current_page',
      'A page as a website or app reads it: ?slug=, or template= (match, club, player, competition_season, fixtures, news) with record= (the id of the match, club, player or competition season; none for fixtures and news): the template’s page with the record filling its components’ empty links and meta.template naming it; include= (the include sets its page kind allows, comma-separated, or auto: the sets its own components draw), season_id=, locale= (the language of the texts of linked OTT formats, playlists and events), preview=true (editors: drafts and pages outside their window); its type, its components in order and everything they link to, in one document (cached until the client’s content changes; Cache-Control: no-cache bypasses)',
      'document',
    ],
    ['get', '/api/v3/pages/{id}/relationships/components', 'The components of a page in order, with the page’s updated_at in meta', 'document', [idParam]],
    ['patch', '/api/v3/pages/{id}/relationships/components', 'Reorder a page’s components in one call: {data:[{type:"components",id}…], meta:{updated_at}} listing each once (422 reorderMismatch; 409 staleRecord when updated_at is older)', 'document', [idParam]],
    ['get', '/api/v3/global_page_elements/{id}/relationships/components', 'The components of a global page element in order', 'document', [idParam]],
    ['patch', '/api/v3/global_page_elements/{id}/relationships/components', 'Reorder a global page element’s components in one call (as for pages)', 'document', [idParam]],
    ['get', '/api/v3/global_page_elements/{id}/preview', 'A global page element with its components and what they link to, as /current_page resolves them', 'document', [idParam]],
    ['post', '/api/v3/pages/{id}/preview', 'Live preview: the page as /current_page would deliver it with the posted components in place of its stored ones ({data:[{type:"components",id|lid,attributes:{kind,settings},relationships}…]}, in order; include=, season_id=, locale=, and record= for a template’s page: the record it is shown with, else one the server picks, named in meta.template). Nothing is written; unfinished drafts are shown with their issues in meta.issues; an unknown kind, a kind the page may not hold or a malformed link is a 422', 'document', [idParam]],
    ['post', '/api/v3/global_page_elements/{id}/preview', 'Live preview of a global page element with the posted components (as for pages)', 'document', [idParam]],
    ['get', '/api/v3/{type}/{id}/usages', 'The pages whose components link to a record (a delete is refused with 409 usedByPages while any do)', 'document', [idParam]],
    ['post', '/api/v3/articles/{id}/preview_link', 'A signed link to the article in one locale (?locale=), readable without sign-in for an hour', 'document', [idParam]],
    ['get', '/public/v1/quizzes', 'Fan-facing: published quizzes of a client, newest first (?client= slug, page[number], page[size]); each with question_count, the questions themselves only with an attempt\'s start; is_open says whether attempts are taken now', 'public'],
    ['get', '/public/v1/quizzes/{id}', 'Fan-facing: one published quiz: title, time limit, open window (is_open) and question_count, not the questions (they come with the attempt\'s start) (?client= slug)', 'public', [idParam]],
    ['post', '/public/v1/quizzes/{id}/attempt_starts', 'Fan-facing, with a fan token: starts an attempt (the server times it from now) → {data:{type:"quiz_attempt_starts",attributes:{started_at,expires_at},relationships:{quiz_questions}},included:[the questions and their answers in order, never which are correct],meta:{token}}; starting again before submitting keeps the first start\'s time under a new token; refused and counted when the quiz is closed (quizClosed) or the fan has no attempt left (quizAttemptLimit, 409)', 'public', [idParam]],
    ['post', '/public/v1/quizzes/{id}/attempts', 'Fan-facing, with a fan token: an attempt {data:{type:"quiz_user_attempts",attributes:{answers:[{question,answers:[ids]}],start_token,time_taken_ms?}}} → score, max_score, time_taken_ms (the server\'s, from the start; the fan\'s own may only lower it by 2 s) and rank; refused and counted on the quiz when outside its window (quizClosed), beyond its attempts per fan (quizAttemptLimit, 409), with a start not the fan\'s for this quiz (quizStartInvalid), used (quizStartUsed, 409) or expired (quizStartExpired), naming a question or answer of another quiz (quizForeignAnswer) or with an impossible time (quizImpossibleTime)', 'public', [idParam]],
    ['get', '/public/v1/articles', 'Fan-facing: published articles inside their window, newest first (?client= slug, locale=pl|en, filter[publication_category] and filter[tag]: slugs or ids, filter[q]: words of the title or lead in that locale, page[number], page[size]); body as rich text and escaped HTML; meta.content_version; cached and CDN-ready as every delivery read (ETag, Surrogate-Key)', 'public', [
      { name: 'locale', in: 'query', schema: { enum: ['pl', 'en'] }, description: 'The language read (default pl): only articles published in it, in it' },
      { name: 'filter[publication_category]', in: 'query', schema: { type: 'string' }, description: 'Slug(s) or id(s) of publication categories' },
      { name: 'filter[tag]', in: 'query', schema: { type: 'string' }, description: 'Slug(s) or id(s) of tags' },
      { name: 'filter[q]', in: 'query', schema: { type: 'string' }, description: 'Text search: every word (at most 10) in the title or lead in the locale read, case and accents ignored' },
      { name: 'page[number]', in: 'query', schema: { type: 'integer' } },
      { name: 'page[size]', in: 'query', schema: { type: 'integer', maximum: 100 } },
    ]],
    ['get', '/public/v1/articles/{key}', 'Fan-facing: one article fans may read now, by id or by its slug in that locale (?client=, locale=); 404 for drafts and outside the window', 'public', [{ name: 'key', in: 'path', required: true, schema: { type: 'string' } }]],
    ['post', '/public/v1/fans', 'Fan-facing: register a device ({data:{type:"fans",attributes:{device_id (16–128 of A–Z a–z 0–9 _ -), display_name?}}}: the same device again is the same fan, 200) or an account ({email, password (10+), display_name}; 409 fanEmailTaken) of the league named by ?client=; answers the fan and meta.token, the Bearer token of the fan calls. Registrations are limited per address (429 with Retry-After)', 'public'],
    ['get', '/public/v1/fans/challenge', 'Fan-facing (?client=): a proof-of-work challenge (ALTCHA v2, PBKDF2/SHA-256; FAN_CHALLENGE_COST, FAN_CHALLENGE_MAX_COUNTER, FAN_CHALLENGE_TTL_SECONDS). Solved (altcha-lib solveChallenge), {challenge, solution} goes in meta.proof of one registration or sign-in, which then passes the limit per address (a sign-in is limited per e-mail instead); 422 fanProofInvalid (not solved, not this server\'s), 422 fanProofExpired, 409 fanProofUsed. Cache-Control: no-store', 'public'],
    ['post', '/public/v1/fans/sign_in', 'Fan-facing: sign an account in ({data:{type:"fans",attributes:{email,password}},meta?:{proof}}, ?client=); 401 invalidCredentials; limited per address unless meta.proof holds a solved challenge (GET /public/v1/fans/challenge)', 'public'],
    ['get', '/public/v1/fans/me', 'Fan-facing: the fan of the Bearer fan token (401 without one; staff tokens are not fan tokens)', 'public'],
    ['get', '/public/v1/push/vapid_public_key', 'Fan-facing: the VAPID public key of the league named by ?client= (base64url, 65 bytes), the applicationServerKey a page passes to pushManager.subscribe()', 'public'],
    ['get', '/public/v1/push/topics', 'Fan-facing: the topics a fan may choose (?client=): each club (club:<id>, its name), each competition (competition:<id>) and the topics of the push targets; a match is match:<id>', 'public'],
    ['get', '/public/v1/push/subscriptions', "Fan-facing: the fan's push subscriptions (endpoint, platform web|mobile, locale pl|en, topics, alert_kinds: the match alerts wanted, news meaning the news topic); an account fan's follows are the same on each of its subscriptions", 'public'],
    ['post', '/public/v1/push/subscriptions', 'Fan-facing: subscribe a browser or device ({data:{type:"push_subscriptions",attributes:{endpoint (https), keys:{p256dh (P-256 point), auth (16 bytes)}, platform?, locale?, topics? (e.g. club:12, match:155, competition:3), alert_kinds? (goal, red_card, kick_off, half_time, full_time, lineups, news)}}}: PushSubscription.toJSON() plus choices; a new device of an account starts with the account follows); 201, or 200 for a known endpoint', 'public'],
    ['patch', '/public/v1/push/subscriptions/{id}', "Fan-facing: change a subscription's topics, alert_kinds, locale or platform (the fan's own; 404 otherwise; an account fan's topics and alert_kinds change on each of its subscriptions)", 'public', [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]],
    ['delete', '/public/v1/push/subscriptions/{id}', 'Fan-facing: unsubscribe (the fan\'s own; 204)', 'public', [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]],
    ['get', '/api/v3/match_predictors/rankings/{id}/standings', 'Standings of a match predictor ranking computed from settled predictions with its scoring rules: the season, or one round (?round=<round id>); page[number], page[size] (up to 500); meta.total, meta.rounds (rounds with predictions), meta.distribution (fans per points)', 'match_predictor', [idParam]],
    ['get', '/public/v1/match_predictors/rankings', 'Fan-facing: the match predictor rankings of the league (?client=)', 'public'],
    ['get', '/public/v1/match_predictors/rankings/{id}/standings', 'Fan-facing: a ranking\'s standings, for the season or ?round=<round id> (?client=, page[number], page[size])', 'public', [idParam]],
    ['get', '/public/v1/match_predictors/matches', 'Fan-facing: the next matches that still take predictions (?client=), with the fan\'s own predictions in included when a fan token is sent', 'public'],
    ['get', '/public/v1/match_predictors/predictions', 'Fan-facing: the fan\'s own predictions with their result and points (?filter[round]=<round id>); meta.points is the total', 'public'],
    ['post', '/public/v1/match_predictors/predictions', 'Fan-facing: predict a match ({data:{type:"match_predictor_predictions",attributes:{home_score,away_score (0–30)},relationships:{match:{data:{type:"matches",id}}}}}); 201 new, 200 changed (one per fan and match); 422 predictionClosed from kick-off (its time or a match_started/kick_off incident); 404 for a match of another league', 'public'],
    ['get', '/public/v1/article_previews/{token}', 'An article preview from a signed link (401 previewExpired after an hour, 404 when tampered with)', 'public', [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }]],
    // Fan engagement: surveys and comments (issue 10).
    ['get', '/api/v3/surveys/{id}/results', 'A survey’s results: respondents, per question the count and percentage of each option (of those who answered it) and the latest free-text answers; open tells whether answers are still coming', 'award', [idParam]],
    ['get', '/public/v1/surveys', 'Fan-facing: published surveys of the league named by ?client= (page[number], page[size]), with their questions and options in order and open (answers taken now)', 'public'],
    ['get', '/public/v1/surveys/{id}', 'Fan-facing: one published survey (?client=); 404 for drafts', 'public', [idParam]],
    ['post', '/public/v1/survey_user_answers', 'Fan-facing (fan token): answer a survey once, {data:{type:"survey_user_answers",attributes:{answers:[{question_id,answer_ids?,text?}]},relationships:{survey}}}; 422 surveyNotOpen outside its window, 409 surveyAlreadyAnswered, 422 surveyQuestionNotInSurvey / surveyAnswerNotInQuestion / surveyAnswerKind', 'public'],
    ['get', '/public/v1/comments', 'Fan-facing: the comments other fans see on one article or match (?client=, filter[article]= or filter[match]=, page[number], page[size]), newest first: approved ones under pre-moderation, all not hidden under post-moderation (client setting comment_moderation)', 'public'],
    ['post', '/public/v1/comments', 'Fan-facing (fan token): comment on an article or a match, {data:{type:"comments",attributes:{body},relationships:{article|match}}}; it starts pending, meta.status and meta.visible tell where it stands and whether others see it yet; 403 fanBanned', 'public'],
    ['post', '/public/v1/comments/{id}/reports', 'Fan-facing (fan token): report a comment the fan can see (201, or 200 when already reported)', 'public', [idParam]],
    ['get', '/img/{request}/{image_path}', 'An image variant, thumbor style: fit-in/{w}x{h}/filters:format(webp):quality(80)/{image_path}, or {w}x{h}[/smart]/filters:focal(LxT:RxB)/… to crop (sizes and qualities from IMAGE_SIZES, IMAGE_QUALITIES)', 'folder'],
  ];
  for (const [method, path, summary, tag, parameters] of custom)
    paths[path] = { ...(paths[path] as object), [method]: { tags: [tag], summary, ...(parameters ? { parameters } : {}), responses: doc } };
  // The import's form (multipart).
  Object.assign((paths['/api/v3/imports'] as { post: object }).post, {
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file', 'kind'],
            properties: {
              file: { type: 'string', format: 'binary' },
              kind: { type: 'string', enum: ['fixtures', 'results', 'clubs', 'squads', 'players'] },
              mapping: { type: 'string', description: 'JSON object: column header → field' },
              matches: { type: 'string', description: 'JSON object: "row:column" → record id (or "new")' },
              competition_season_id: { type: 'string' },
              stage_id: { type: 'string' },
              group_id: { type: 'string' },
              season_id: { type: 'string' },
              squad_id: { type: 'string' },
            },
          },
        },
      },
    },
  });
  // The fixture generator's body.
  for (const path of ['/api/v3/groups/{id}/fixtures/preview', '/api/v3/groups/{id}/fixtures'])
    Object.assign((paths[path] as { post: object }).post, {
      requestBody: { required: true, content: { 'application/vnd.api+json': { schema: { $ref: '#/components/schemas/FixturePlanRequest' } } } },
    });
  schemas.FixturePlanRequest = {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: ['type', 'attributes'],
        properties: {
          type: { const: 'fixture_plans' },
          attributes: {
            type: 'object',
            additionalProperties: false,
            required: ['kickoff_slots'],
            properties: {
              squads: { type: 'array', items: { type: 'string' }, maxItems: 200, description: 'Squad ids (the clubs); the competition season\'s squads when absent; 2 to 40, one squad a club' },
              format: { enum: ['single', 'double'], default: 'double' },
              second_half: { enum: ['mirrored', 'shifted'], default: 'mirrored', description: 'mirrored: round R+k replays round k, home and away swapped; shifted: the second half starts from a later round of the first and runs cyclically (see packages/schema/src/fixtures/generator.ts)' },
              start_date: { type: 'string', format: 'date', description: 'The first round\'s date (or round_dates)' },
              cadence_days: { type: 'integer', minimum: 1, maximum: 28, default: 7 },
              skip_dates: { type: 'array', items: { type: 'string', format: 'date' }, description: 'A round whose span holds one of these dates moves to the next' },
              round_dates: { type: 'array', items: { type: 'string', format: 'date' }, description: 'A date per round (instead of start_date)' },
              kickoff_slots: { type: 'array', items: { type: 'string', example: 'Fri 20:30' }, minItems: 1, description: 'Weekday and time, league time (Europe/Warsaw)' },
              fixed_pairings: { type: 'array', items: { type: 'object', required: ['home', 'away', 'round'], properties: { home: { type: 'string' }, away: { type: 'string' }, round: { type: 'integer', minimum: 1 } } } },
              seed: { type: 'integer', minimum: 0, default: 1 },
              round_name: { type: 'string', maxLength: 100, default: '{number}. kolejka' },
              rest_hours: { type: 'integer', minimum: 0, maximum: 240, default: 48 },
              preview_digest: { type: 'string', pattern: '^[0-9a-f]{64}$' },
            },
          },
        },
      },
    },
  };
  // The payment webhook's body, as a schema tools can check against.
  Object.assign((paths['/public/v1/ott/payments/webhook'] as { post: object }).post, {
    security: [],
    parameters: [
      { name: 'client', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'X-Umpire-Signature', in: 'header', required: true, schema: { type: 'string', example: 't=1767225600,v1=5f2b…' } },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/PaymentWebhook' } } } },
  });
  schemas.PaymentWebhook = {
    type: 'object',
    required: ['id', 'type', 'data'],
    properties: {
      id: { type: 'string', maxLength: 200, description: 'The delivery\'s id: handled once' },
      type: { enum: ['entitlement.granted', 'entitlement.revoked'] },
      data: {
        type: 'object',
        required: ['external_ref'],
        additionalProperties: false,
        properties: {
          fan_id: { type: 'string', description: 'The fan (or fan_email)' },
          fan_email: { type: 'string', description: 'An account fan\'s e-mail (or fan_id)' },
          kind: { enum: ['event', 'subscription'], description: 'Required to grant' },
          event_id: { type: 'string', description: 'The event of a kind event grant' },
          valid_from: { type: 'string', format: 'date-time' },
          valid_until: { type: ['string', 'null'], format: 'date-time' },
          external_ref: { type: 'string', maxLength: 200, description: 'The payment provider\'s id of the purchase: unique per client' },
        },
      },
    },
  };

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
  // Who may call what, so that a tool (and the reference's try-it) sends the right credentials:
  // staff routes the staff token; the fans' and websites' routes under /public/v1 a delivery key,
  // a fan token, both or neither (?client= then names the league); sign-in and the HLS output none.
  for (const [path, ops] of Object.entries(paths as Record<string, Record<string, { security?: object[] }>>))
    for (const op of Object.values(ops)) {
      if (op.security) continue;
      if (path.startsWith('/public/v1/')) op.security = PUBLIC_SECURITY;
      else if (path === '/auth/v1/sign_in' || path.startsWith('/ott/hls/')) op.security = [];
    }
  return {
    openapi: '3.1.0',
    info: { title: 'Umpire API', version: '3', description: 'JSON:API 1.0. Authorization: Bearer <token> from POST /auth/v1/sign_in.' },
    servers: SERVERS,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, ...PUBLIC_SCHEMES } },
    security: [{ bearer: [] }],
    paths,
  };
}


/** The attributes `filter[q]` of a public type searches, for its reference. */
const searchedIn = (pm: PublicModel) => [...pm.model.searchAttributes, ...(pm.model.translation?.searchAttributes ?? [])].join(', ');

/**
 * The delivery API's own OpenAPI: each public type's list and fetch with only its public
 * attributes, filters and relationships (the same projection that cuts the answers), the reads
 * capabilities publish, and the fans' routes.
 */
export function publicOpenApiDocument() {
  const staff = openApiDocument();
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = { Errors: staff.components.schemas.Errors, PaymentWebhook: staff.components.schemas.PaymentWebhook };
  const err = { description: 'JSON:API errors', content: { 'application/vnd.api+json': { schema: { $ref: '#/components/schemas/Errors' } } } };
  const client = { name: 'client', in: 'query', schema: { type: 'string' }, description: 'The league (client slug); not needed with an X-Delivery-Key header' };
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const cdn =
    'Cache-Control: public with s-maxage and stale-while-revalidate; a strong ETag (If-None-Match → 304); Surrogate-Key and Cache-Tag name the client and the tables the answer read, the keys the purge hook (DELIVERY_PURGE_URL) is called with when they change.';
  for (const pm of routedPublicModels()) {
    const m = pm.model;
    schemas[m.type] = {
      type: 'object',
      properties: {
        type: { const: m.type },
        id: { type: 'string' },
        attributes: attributeSchema(m, pm.attributes),
        relationships: { type: 'object', properties: Object.fromEntries(publicIncludes(pm).map((r) => [r, { description: includeTarget(pm, r) }])) },
      },
    };
    const one = { content: { 'application/vnd.api+json': { schema: { type: 'object', properties: { data: { $ref: `#/components/schemas/${m.type}` } } } } } };
    const filters = [
      ...[...m.attributes].filter(([a, d]) => d.filter && pm.attributes.has(a)).map(([a, d]) => ({ name: `filter[${a}]`, in: 'query', schema: { type: 'string' }, description: d.filter === 'range' ? 'Equality or comma list; also [gte], [lte], [gt], [lt]' : 'Equality or comma list' })),
      ...[...m.belongsTo.keys()].filter((r) => pm.relationships.has(r)).map((r) => ({ name: `filter[${r}]`, in: 'query', schema: { type: 'string' }, description: 'Related id(s), or null' })),
      ...Object.entries(pm.def.filters ?? {}).map(([f, description]) => ({ name: `filter[${f}]`, in: 'query', schema: { type: 'string' }, description })),
      ...(publicSearch(pm) ? [{ name: 'filter[q]', in: 'query', schema: { type: 'string' }, description: `Text search: every word (at most 10) in ${searchedIn(pm)}, case and accents ignored` }] : []),
    ];
    const rows = pm.where.length ? ` Only rows with ${pm.where.map(([a, v]) => `${a} ${[...v].join('|')}`).join(', ')}.` : '';
    // Comma lists of what answers (OpenAPI's form style, not exploded): a tool offers exactly these.
    const list = (name: string, values: string[], description: string) => ({ name, in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { enum: values } }, description });
    const includes = publicIncludes(pm);
    const include = includes.length ? [list('include', includes, 'Relationships to include (nested paths a.b follow the same public relationships)')] : [];
    const sorts = publicSorts(pm);
    const sort = list('sort', sorts, 'Attributes to sort by, each ascending or with a leading - descending');
    // Sparse fieldsets of the type and of what it includes.
    const fieldTypes = [m.type, ...includes.map((r) => includeTarget(pm, r)!)].filter((t, i, all) => all.indexOf(t) === i);
    const fields = fieldTypes.map((t) => {
      const target = publicModelOf(t)!;
      // Component links are not fields the engine cuts: a component always shows its links.
      return list(`fields[${t}]`, [...target.attributes, ...publicIncludes(target).filter((r) => target.model.relationships.has(r))], `Only these attributes and relationships of ${t}`);
    });
    paths[`/public/v1/${m.path}`] = {
      get: { tags: [m.def.section], summary: `List ${m.type}.${rows} ${cdn}`, parameters: [client, ...include, sort, ...fields, ...filters, { name: 'page[number]', in: 'query', schema: { type: 'integer' } }, { name: 'page[size]', in: 'query', schema: { type: 'integer', maximum: 100 } }], responses: { 200: { description: 'A page', ...one }, 304: { description: 'Not modified' }, 400: err } },
    };
    paths[`/public/v1/${m.path}/{id}`] = {
      get: { tags: [m.def.section], summary: `One of ${m.type}.${rows} ${cdn}`, parameters: [client, idParam, ...include, ...fields], responses: { 200: { description: 'The record', ...one }, 304: { description: 'Not modified' }, 404: err } },
    };
  }
  const doc = { 200: { description: 'A JSON:API document' }, 304: { description: 'Not modified' }, 400: err, 404: err };
  const published: [string, string, object[]][] = [
    ['/public/v1/current_page', `A published page inside its window as websites read it (?slug=, or template= and record=: a template’s page made for a public match, club, player or competition season, or the fixtures and news index; include= the sets its kind allows or auto: those its components draw, season_id=, locale=): its type, components in order and every record they link to, cut to what is public. ${cdn}`, [client]],
    ['/public/v1/current_page_elements', `Every global page element (branding, header, footer, below the content) with its components and what they link to (?locale=). ${cdn}`, [client]],
    ['/public/v1/groups/{id}/standings', `Standings of a group (?round=N: after round N). ${cdn}`, [client, idParam]],
    ['/public/v1/matches/{id}/stats', `Match statistics. ${cdn}`, [client, idParam]],
    ['/public/v1/squads/{id}/stats', `Squad statistics. ${cdn}`, [client, idParam]],
    ['/public/v1/statistics', `Player statistics of a competition season (filter[competition_season|squad|player], sort, page). ${cdn}`, [client]],
  ];
  for (const [path, summary, parameters] of published) paths[path] = { get: { tags: ['public'], summary, parameters, responses: doc } };
  paths['/public/v1/videos/{id}/content'] = {
    get: {
      tags: ['public'],
      summary: 'The file of a library video, for <video src>: MP4, WebM or Ogg, with byte ranges (Range → 206) and its ETag (304); public, max-age=3600. Any other type is a 415 videoNotPlayableInBrowsers',
      parameters: [client, idParam],
      responses: { 200: { description: 'The video file' }, 206: { description: 'A byte range of it' }, 304: { description: 'Not modified' }, 404: err, 415: err },
    },
  };
  for (const [path, ops] of Object.entries(staff.paths)) if (path.startsWith('/public/v1/') && !paths[path]) paths[path] = ops;
  return {
    openapi: '3.1.0',
    info: { title: 'Umpire delivery API', version: '1', description: 'JSON:API 1.0, read without a staff token: what websites and apps of a league show. Fans write with a fan token (Authorization: Bearer).' },
    servers: SERVERS,
    components: { schemas, securitySchemes: PUBLIC_SCHEMES },
    security: PUBLIC_SECURITY,
    paths,
  };
}

/**
 * /api/docs/openapi.json and /public/v1/openapi.json for tools; /api/docs and /public/v1/docs,
 * the interactive references drawn from them (./api-reference.ts).
 */
export function registerOpenApi(app: FastifyInstance) {
  let cached: ReturnType<typeof openApiDocument> | null = null;
  const doc = () => (cached ??= openApiDocument());
  app.get('/api/docs/openapi.json', async () => doc());
  let publicDoc: ReturnType<typeof publicOpenApiDocument> | null = null;
  // The reference itself, not a reader's document: left as it is.
  app.get('/public/v1/openapi.json', { config: { publicAnswer: 'raw' } }, async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    return (publicDoc ??= publicOpenApiDocument());
  });
  registerApiReference(app);
}
