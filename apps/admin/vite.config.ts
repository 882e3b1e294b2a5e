import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resourceManifestPlugin, schemaModuleAlias } from './vite/resource-manifest-plugin.ts';
import { precompressPlugin, preloadLazyModulePlugin } from './vite/startup-plugins.ts';

// The dev server proxies every back-end prefix to the running server, so the app uses the
// same relative base addresses in development and production.
const server = process.env.UMPIRE_SERVER ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/auth', '/media', '/img', '/healthz'];

export default defineConfig({
  resolve: { alias: [schemaModuleAlias] },
  plugins: [react(), resourceManifestPlugin(), preloadLazyModulePlugin(/\/src\/app\/app\.tsx$/, /\/node_modules\/react-dom\/client\.js$/, /\/node_modules\/i18next\//), precompressPlugin()],
  define: { __BUILD_ID__: JSON.stringify(Date.now().toString(36)) },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(proxied.map((prefix) => [prefix, { target: server }])),
      '/cable': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
});
