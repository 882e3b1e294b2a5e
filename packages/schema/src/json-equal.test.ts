import { describe, expect, it } from 'vitest';
import { sameJson } from './json-equal';

describe('sameJson', () => {
  it('ignores the order of keys at any depth, as PostgreSQL jsonb reorders them', () => {
    const written = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Gol!', marks: [{ type: 'bold' }] }] }] };
    const fromJsonb = { content: [{ content: [{ text: 'Gol!', type: 'text', marks: [{ type: 'bold' }] }], type: 'paragraph' }], type: 'doc' };
    expect(JSON.stringify(written)).not.toBe(JSON.stringify(fromJsonb));
    expect(sameJson(written, fromJsonb)).toBe(true);
  });

  it('keeps the order of array items', () => {
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ ids: ['1', '2'] }, { ids: ['1', '2'] })).toBe(true);
  });

  it('tells values, types and shapes apart', () => {
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameJson({ a: null }, {})).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({}, [])).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson(null, null)).toBe(true);
    expect(sameJson('x', 'x')).toBe(true);
    expect(sameJson(true, false)).toBe(false);
    expect(sameJson([[1, { b: [2] }]], [[1, { b: [3] }]])).toBe(false);
  });

  it('counts a key whose value is undefined as absent, as the JSON text would', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(true);
  });

  it('compares numbers as JSON does: 0 and -0 alike', () => {
    expect(sameJson(0, -0)).toBe(true);
    expect(sameJson(1.5, 1.5)).toBe(true);
    expect(sameJson(1, 2)).toBe(false);
  });

  it('compares dates by their instant', () => {
    expect(sameJson(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00.000Z'))).toBe(true);
    expect(sameJson(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-02T00:00:00Z'))).toBe(false);
  });
});
