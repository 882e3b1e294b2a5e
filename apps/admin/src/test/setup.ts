// Shared set-up for the admin's unit tests (jsdom, or node where a test file asks for it).
import { afterEach } from 'vitest';

afterEach(() => {
  if (typeof document !== 'undefined') document.documentElement.lang = '';
});
