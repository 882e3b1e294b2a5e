import { defineConfig } from 'vitest/config';

// The server half's tests run in Node; the browser half's (src/client) ask for jsdom in their first line.
export default defineConfig({
  test: { environment: 'node', include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'], restoreMocks: true },
});
