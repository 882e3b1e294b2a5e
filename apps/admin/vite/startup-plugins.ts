import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The entry (src/main.tsx) only starts up and imports the app lazily, so the configuration and
 * translations are requested before react-admin has even arrived. This puts lazily imported
 * modules and every chunk they need into index.html as `modulepreload`, so they still download
 * from the first moment, in parallel with the start-up requests.
 */
export function preloadLazyModulePlugin(...modules: RegExp[]): Plugin {
  let base = '/';
  return {
    name: 'umpire:preload-lazy-module',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunk = (name: string) => {
          const output = bundle[name];
          return output?.type === 'chunk' ? output : undefined;
        };
        const files = new Set<string>();
        const visit = (name: string) => {
          if (files.has(name)) return;
          files.add(name);
          for (const imported of chunk(name)?.imports ?? []) visit(imported);
        };
        for (const module of modules) {
          const lazy = Object.values(bundle).find((o) => o.type === 'chunk' && module.test(o.facadeModuleId ?? ''));
          if (!lazy) throw new Error(`preloadLazyModulePlugin: no chunk for ${module}`);
          visit(lazy.fileName);
        }
        const tags = [...files]
          .filter((file) => !html.includes(`${base}${file}`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const }));
        return { html, tags };
      },
    },
  };
}

const COMPRESSIBLE = /\.(js|css|json|svg|html|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, at the highest levels:
 * the server sends them as they are (@fastify/static `preCompressed`), spending no time per request.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'umpire:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true });
      const files = entries.filter((name) => COMPRESSIBLE.test(name)).map((name) => join(outDir, name));
      const brotli = promisify(brotliCompress);
      const gzipped = promisify(gzip);
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const data = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
