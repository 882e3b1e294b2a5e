import { readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_CSP } from '../src/ops/api-reference';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The interactive API references (/api/docs, /public/v1/docs): pages whose every script and style
 * this server serves, under their own policy, drawn from OpenAPI documents that validate. The
 * browser side (try-it, axe) is e2e/api-reference.e2e.ts.
 */
let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const PAGES = [
  { path: '/api/docs', spec: '/api/docs/openapi.json' },
  { path: '/public/v1/docs', spec: '/public/v1/openapi.json' },
];
const SWAGGER_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** A GET whose body is read as it came, compressed or not. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The src and href of the page's elements. */
const addressesIn = (html: string) => [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]);

describe('API references', () => {
  for (const { path, spec } of PAGES)
    it(`${path} is an HTML page loading Swagger UI from this server, under its own policy`, async () => {
      const res = await fetch(api.url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toBe(REFERENCE_CSP);
      for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'"]) expect(csp.split('; ')).toContain(directive);
      expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
      const html = await res.text();
      expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<div id="reference" data-spec="([^"]+)"/);
      expect(/data-spec="([^"]+)"/.exec(html)![1]).toBe(spec);
      // No inline script, and nothing from another host: every address is a path on this one (the
      // icon is empty, so that the browser asks for no /favicon.ico).
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      const addresses = addressesIn(html);
      for (const address of addresses) expect(address).toMatch(/^(\/[^/]|data:,$)/);
      const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts).toEqual([expect.stringMatching(new RegExp(`^${path}/assets/swagger-ui-bundle\\.[0-9a-f]{12}\\.js$`)), expect.stringMatching(new RegExp(`^${path}/assets/reference\\.[0-9a-f]{12}\\.js$`))]);
      expect(addresses).toContain(spec);
    });

  for (const { path } of PAGES)
    it(`${path}'s assets answer 200 with a year's cache, compressed when asked, and others 404`, async () => {
      const html = await (await fetch(api.url + path)).text();
      const assets = addressesIn(html).filter((a) => a.includes('/assets/'));
      expect(assets).toHaveLength(4);
      for (const asset of assets) {
        const plain = await fetch(api.url + asset, { headers: { 'accept-encoding': 'identity' } });
        expect(plain.status, asset).toBe(200);
        expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(plain.headers.get('content-type')).toMatch(asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
        expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
        const body = Buffer.from(await plain.arrayBuffer());
        expect(body.length).toBeGreaterThan(500);
        // Compressed copies, smaller, of the same bytes (read raw: fetch would decompress them).
        for (const [encoding, inflate] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
          const packed = await rawGet(api.url + asset, { 'accept-encoding': encoding });
          expect(packed.headers['content-encoding'], `${asset} ${encoding}`).toBe(encoding);
          expect(packed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(packed.body.length).toBeLessThan(body.length);
          expect(inflate(packed.body).equals(body)).toBe(true);
        }
      }
      // The renderer is Swagger UI's own bundle, as the package ships it (less its source map line).
      const bundle = assets.find((a) => a.includes('swagger-ui-bundle'))!;
      const served = await (await fetch(api.url + bundle)).text();
      const shipped = readFileSync(join(SWAGGER_DIR, 'swagger-ui-bundle.js'), 'utf8');
      expect(served.length).toBeGreaterThan(1_000_000);
      expect(shipped.startsWith(served.trimEnd())).toBe(true);
      expect(served).not.toContain('sourceMappingURL');
      // A name that is not an asset (an old hash, another file of the package) is a 404.
      for (const wrong of [bundle.replace(/\.[0-9a-f]{12}\./, '.000000000000.'), `${path}/assets/swagger-ui.js`, `${path}/assets/..%2F..%2Fpackage.json`]) {
        const res = await fetch(api.url + wrong);
        expect(res.status, wrong).toBe(404);
      }
    });

  it('serves the OpenAPI documents as valid OpenAPI 3.1, with this server and their credentials', async () => {
    for (const { spec } of PAGES) {
      const doc = (await api.get(spec, { token: null })).body;
      expect(doc.openapi).toBe('3.1.0');
      // The validator resolves $refs in place: it is given a copy.
      await expect(SwaggerParser.validate(structuredClone(doc)), spec).resolves.toBeTruthy();
      // Relative: try-it calls the address the reference was read from, behind any proxy.
      expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    }
    const staff = (await api.get('/api/docs/openapi.json', { token: null })).body;
    expect(staff.security).toEqual([{ bearer: [] }]);
    expect(staff.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(staff.paths['/auth/v1/sign_in'].post.security).toEqual([]);
    expect(staff.paths['/api/v3/clubs'].get.security).toBeUndefined();
    // The public routes in the staff document take the public credentials, not a staff token.
    expect(staff.paths['/public/v1/fans/me'].get.security).toContainEqual({ fan: [] });
    expect(staff.paths['/public/v1/fans/me'].get.security).not.toContainEqual({ bearer: [] });

    const pub = (await api.get('/public/v1/openapi.json', { token: null })).body;
    expect(Object.keys(pub.components.securitySchemes).sort()).toEqual(['deliveryKey', 'fan']);
    expect(pub.components.securitySchemes.deliveryKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Delivery-Key' });
    expect(pub.security).toContainEqual({ deliveryKey: [] });
    expect(pub.security).toContainEqual({});
    expect(pub.paths['/public/v1/ott/payments/webhook'].post.security).toEqual([]);
    // A projection: nothing of the staff API.
    expect(Object.keys(pub.paths).every((p) => p.startsWith('/public/v1/'))).toBe(true);
    expect(JSON.stringify(pub)).not.toContain('/api/v3');
  });

  it('shows nothing of the staff API on the public reference, page or assets', async () => {
    const html = await (await fetch(`${api.url}/public/v1/docs`)).text();
    expect(html).not.toMatch(/\/api\/|\/auth\/|staff/i);
    for (const asset of addressesIn(html).filter((a) => a.includes('/assets/'))) expect(await (await fetch(api.url + asset)).text()).not.toContain('/api/v3');
  });

  it('answers a call as try-it sends it: the public API with a delivery key, the staff API with a token', async () => {
    const made = await api.post('/api/v3/delivery_keys', { data: { type: 'delivery_keys', attributes: { name: 'API reference test' } } });
    expect(made.status).toBe(201);
    const res = await api.get('/public/v1/competitions', { token: null, headers: { 'x-delivery-key': made.body.meta.secret } });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect((await api.get('/api/v3/competitions')).status).toBe(200);
  });
});
