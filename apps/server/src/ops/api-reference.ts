import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPO_ROOT } from '../config';
import { apiError } from '../jsonapi/errors';

/**
 * The interactive API references: /api/docs (the staff API, /api/docs/openapi.json) and
 * /public/v1/docs (the delivery and fans' API, /public/v1/openapi.json), drawn in the browser by
 * Swagger UI (swagger-ui-dist) from the documents the server generates, with its "Try it out"
 * calling this same server. Everything the pages load comes from here: Swagger UI's script and
 * stylesheet out of node_modules, and our own start script and theme (apps/server/assets/api-reference).
 */

/**
 * The pages' own Content-Security-Policy, stricter than the admin's: nothing from elsewhere,
 * no inline script, no eval, calls to this origin only (the documents and try-it).
 * - style-src 'self' without 'unsafe-inline': Swagger UI's styles are a file, and the few it sets
 *   itself it sets through the DOM (React's style property), which a policy does not govern;
 * - img-src data: for the small SVG arrows and icons Swagger UI's stylesheet holds as data: URLs;
 * - no font-src: the pages use the system's fonts (our theme replaces Swagger UI's, which name none
 *   to download either).
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Hashed names: a new content is a new address, so an asset is cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Asset {
  /** Its address under the page's assets/: `name.<hash>.ext`. */
  file: string;
  type: string;
  body: Buffer;
  /** Compressed copies, made the first time a reader accepts them. */
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

const OWN_DIR = join(REPO_ROOT, 'apps/server/assets/api-reference');

function asset(name: string, path: string, type: string, transform: (text: string) => string = (t) => t): Asset {
  const body = Buffer.from(transform(readFileSync(path, 'utf8')));
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const dot = name.lastIndexOf('.');
  return { file: `${name.slice(0, dot)}.${hash}${name.slice(dot)}`, type, body, encoded: new Map() };
}

/** Swagger UI's bundle names its source map, which is not served: the line is dropped, not a 404 in a developer's console. */
const withoutSourceMap = (text: string) => text.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');

function loadAssets() {
  const swagger = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const list = [
    asset('swagger-ui-bundle.js', join(swagger, 'swagger-ui-bundle.js'), 'text/javascript; charset=utf-8', withoutSourceMap),
    asset('swagger-ui.css', join(swagger, 'swagger-ui.css'), 'text/css; charset=utf-8', (t) => t.replace(/\n\/\*# sourceMappingURL=\S+\s*\*\/\s*$/, '\n')),
    asset('reference.css', join(OWN_DIR, 'reference.css'), 'text/css; charset=utf-8'),
    asset('reference.js', join(OWN_DIR, 'reference.js'), 'text/javascript; charset=utf-8'),
  ];
  return { list, byFile: new Map(list.map((a) => [a.file, a])) };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function encodingOf(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

async function sendAsset(request: FastifyRequest, reply: FastifyReply, found: Asset) {
  reply.header('cache-control', IMMUTABLE).header('vary', 'Accept-Encoding').type(found.type);
  const encoding = encodingOf(request);
  if (!encoding) return reply.send(found.body);
  let copy = found.encoded.get(encoding);
  if (!copy) {
    // Compressed once, off the event loop (zlib's thread pool), then kept: 1.5 MB of script is 0.4 MB.
    copy = encoding === 'br' ? brotli(found.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: found.body.length } }) : gzipped(found.body, { level: 9 });
    found.encoded.set(encoding, copy);
  }
  return reply.header('content-encoding', encoding).send(await copy);
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

interface Reference {
  /** Where the page is; its assets are under `${path}/assets/`. */
  path: string;
  spec: string;
  /** staff: the admin's signed-in token is offered to try-it; public: the delivery key and fan token are pasted. */
  audience: 'staff' | 'public';
  title: string;
  /** Plain sentences (escaped here); `{spec}` becomes a link to the document. */
  intro: string[];
}

const REFERENCES: Reference[] = [
  {
    path: '/api/docs',
    spec: '/api/docs/openapi.json',
    audience: 'staff',
    title: 'Umpire API reference',
    intro: [
      'The staff API (JSON:API 1.0) and the routes beside it, generated from the resource declarations the server runs: {spec}.',
      'To try a call, sign in to the admin on this address first: this page then uses your session. Otherwise open Authorize and paste a token from POST /auth/v1/sign_in. Calls run with your permissions, on real data.',
    ],
  },
  {
    path: '/public/v1/docs',
    spec: '/public/v1/openapi.json',
    audience: 'public',
    title: 'Umpire delivery API reference',
    intro: [
      'What websites and apps of a league read, and what fans write (JSON:API 1.0): {spec}.',
      'To try a call, open Authorize and paste the league’s delivery key (X-Delivery-Key), or give the league’s slug as client; fans’ own calls also take a fan token.',
    ],
  },
];

function page(ref: Reference, files: Map<string, string>) {
  const at = (name: string) => `${ref.path}/assets/${files.get(name)}`;
  const intro = ref.intro.map((line) => `<p>${escape(line).replace('{spec}', `<a href="${ref.spec}">${escape(ref.spec.split('/').pop()!)}</a>`)}</p>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(ref.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${at('swagger-ui.css')}">
<link rel="stylesheet" href="${at('reference.css')}">
<script src="${at('swagger-ui-bundle.js')}" defer></script>
<script src="${at('reference.js')}" defer></script>
</head>
<body>
<header class="reference-header">
<h1>${escape(ref.title)}</h1>
${intro}
<h2 class="reference-operations">Operations by section</h2>
</header>
<div id="reference" data-spec="${ref.spec}" data-audience="${ref.audience}">
<p class="reference-loading">Loading the reference…</p>
<noscript><p>The interactive reference needs JavaScript. The document itself: <a href="${ref.spec}">${escape(ref.spec)}</a>.</p></noscript>
</div>
</body>
</html>
`;
}

/** Registers both reference pages and their assets. Files are read the first time a page or asset is asked for. */
export function registerApiReference(app: FastifyInstance) {
  let loaded: ReturnType<typeof loadAssets> | null = null;
  const assets = () => (loaded ??= loadAssets());
  for (const ref of REFERENCES) {
    // Under /public/v1 the answers are HTML, scripts and styles, not a reader's JSON: nothing to cut.
    const config: FastifyContextConfig = ref.audience === 'public' ? { publicAnswer: 'raw' } : {};
    app.get(ref.path, { config }, async (_request, reply) => {
      const files = new Map(assets().list.map((a) => [a.file.replace(/\.[0-9a-f]{12}(\.\w+)$/, '$1'), a.file]));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', REFERENCE_CSP)
        .send(page(ref, files));
    });
    app.get<{ Params: { file: string } }>(`${ref.path}/assets/:file`, { config }, async (request, reply) => {
      const found = assets().byFile.get(request.params.file);
      if (!found) throw apiError(404, 'notFound.route', { values: { method: request.method, path: request.url.split('?')[0] } });
      return sendAsset(request, reply, found);
    });
  }
}
