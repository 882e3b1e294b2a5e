import { describe, expect, it } from 'vitest';
import { encodedDocument, entityTag } from './computed-cache';

const bytesOf = (doc: unknown) => Buffer.from(JSON.stringify(doc));

describe('encodedDocument', () => {
  it('gives the JSON’s UTF-8 bytes and their entity tag, whatever the text holds', () => {
    for (const doc of [
      { data: [] },
      { name: 'Łukasz Żółć', city: 'Gdańsk' },
      { emoji: '⚽🏆', cjk: '足球', lone: '\ud800x' },
      { list: Array.from({ length: 2_000 }, (_, i) => ({ id: String(i), name: `Zawodnik ${i} — Śląsk` })) },
    ]) {
      const { body, etag } = encodedDocument(doc);
      expect(body.equals(bytesOf(doc))).toBe(true);
      expect(etag).toBe(entityTag(bytesOf(doc)));
      expect(JSON.parse(body.toString('utf8'))).toEqual(doc);
    }
  });

  it('gives each body its own bytes: a later document leaves an earlier one as it was', () => {
    const first = encodedDocument({ name: 'Pogoń Szczecin' }).body;
    const copy = Buffer.from(first);
    encodedDocument({ name: 'Zagłębie Lubin, a longer name that overwrites the scratch' });
    encodedDocument({ list: Array.from({ length: 5_000 }, (_, i) => `wiersz ${i}`) });
    expect(first.equals(copy)).toBe(true);
  });
});
