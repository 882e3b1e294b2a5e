import { DEFAULT_PUBLIC_ANONYMOUS_READS } from '@umpire/schema';
import { fromDb } from '../db/values';

/** Whether a client's content may be read with `?client=` and no key (client setting `public_anonymous_reads`). */
export function anonymousReadsAllowed(settings: unknown): boolean {
  const parsed = fromDb('json', settings) as { public_anonymous_reads?: unknown } | null;
  return typeof parsed?.public_anonymous_reads === 'boolean' ? parsed.public_anonymous_reads : DEFAULT_PUBLIC_ANONYMOUS_READS;
}
