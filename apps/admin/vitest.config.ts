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
  },
});
