import { defineConfig } from 'vitest/config';
import { resourceManifestPlugin, schemaModuleAlias } from './vite/resource-manifest-plugin.ts';

export default defineConfig({
  resolve: { alias: [schemaModuleAlias] },
  plugins: [resourceManifestPlugin()],
  define: { __BUILD_ID__: JSON.stringify('test') },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Per-file jsdom and imports cost most of the run; tests reset what they change (src/test/setup.ts).
    isolate: false,
    // Measured ~6% faster than forks here (12.5 s against 13.3 s).
    pool: 'threads',
  },
});
