import { defineConfig } from 'vitest/config';

// The renderers run where the website renders them: on the server, without a DOM.
export default defineConfig({
  test: { environment: 'node', include: ['src/**/*.test.{ts,tsx}'] },
});
