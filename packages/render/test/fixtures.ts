import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JsonApiDocument, ResourceObject } from '../src/document';

/** The demo data's real documents (captured by capture-fixtures.ts), by file name without `.json`. */
const dir = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const FIXTURES: Record<string, JsonApiDocument> = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(`${dir}${f}`, 'utf8')) as JsonApiDocument]),
);

export const GLOBALS = Object.entries(FIXTURES)
  .filter(([name]) => name.startsWith('global-'))
  .map(([, doc]) => doc);

/** Every component of the fixtures with the document it came from. */
export function fixtureComponents(): { component: ResourceObject; doc: JsonApiDocument; file: string }[] {
  return Object.entries(FIXTURES).flatMap(([file, doc]) =>
    (doc.included ?? []).filter((r) => r.type === 'components').map((component) => ({ component, doc, file })),
  );
}
