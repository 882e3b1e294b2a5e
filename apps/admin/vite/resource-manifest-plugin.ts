import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { tsImport } from 'tsx/esm/api';
import { toManifest } from '../../../packages/schema/src/manifest.ts';
import type { ResourceDef } from '@umpire/schema';

/**
 * `@umpire/schema/<module>` reaches one module of the package. The frame imports only modules
 * without zod schemas (api, resource, abilities, enums); the package's index would pull in
 * every declaration, because building a zod schema is a side effect bundlers must keep.
 */
export const schemaModuleAlias = {
  find: /^@umpire\/schema\/([\w-]+)$/,
  replacement: fileURLToPath(new URL('../../../packages/schema/src/$1.ts', import.meta.url)).replace('%24', '$'),
};

const VIRTUAL_ID = 'virtual:umpire/resources';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * Turns the resource declarations of packages/schema into a plain JSON manifest at build time.
 * Why: the declarations hold zod schemas (≈31 kB gzip with zod itself); the frame (sidebar,
 * dashboard, routes) only needs names, sections and flags, so zod stays in the lazily loaded
 * screens. Also writes `build-info.json` so the benchmark can print the number of resources.
 */
export function resourceManifestPlugin(): Plugin {
  let manifestJson = '';
  const load = async () => {
    // tsx loads the TypeScript sources of the workspace package in Node (fresh on every call).
    const schema = (await tsImport('@umpire/schema', import.meta.url)) as { RESOURCES: readonly ResourceDef[] };
    manifestJson = JSON.stringify(toManifest(schema.RESOURCES));
    return manifestJson;
  };
  return {
    name: 'umpire-resource-manifest',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      return `export default ${await load()};`;
    },
    handleHotUpdate({ file, server }) {
      if (!file.includes('/packages/schema/src/')) return;
      const mod = server.moduleGraph.getModuleById(RESOLVED_ID);
      if (mod) server.moduleGraph.invalidateModule(mod);
      server.ws.send({ type: 'full-reload' });
    },
    generateBundle() {
      const resources = JSON.parse(manifestJson || '[]') as { type: string; path: string; readOnly: boolean }[];
      // The API path of each type (`match_predictors/rankings`) and the read-only ones, for the browser tests.
      this.emitFile({
        type: 'asset',
        fileName: 'build-info.json',
        source: JSON.stringify(
          {
            resources: resources.length,
            types: resources.map((r) => r.type),
            paths: Object.fromEntries(resources.map((r) => [r.type, r.path])),
            readOnly: resources.filter((r) => r.readOnly).map((r) => r.type),
          },
          null,
          2,
        ),
      });
    },
  };
}
