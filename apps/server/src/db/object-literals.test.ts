import { describe, expect, it } from 'vitest';
import { compileFunction, literalKey, rowBuilder } from './object-literals';

describe('compiled object literals', () => {
  it('makes row objects of raw values, keyed by the column names in their order', () => {
    const build = rowBuilder(['id', 'name', 'created_at']);
    const row = build([7, 'Łukasz', '2026-11-28T10:00:00.000Z']);
    expect(row).toEqual({ id: 7, name: 'Łukasz', created_at: '2026-11-28T10:00:00.000Z' });
    expect(Object.keys(row)).toEqual(['id', 'name', 'created_at']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('lets a later column of a name win, as a row object built key by key did', () => {
    expect(rowBuilder(['id', 'key', 'key'])([1, 'first', 'second'])).toEqual({ id: 1, key: 'second' });
  });

  it('reads no name as code: quotes, backslashes, braces and line ends stay names', () => {
    const names = ['a"b', "c'd", 'e\\f', 'g}; globalThis.pwned = 1; ({', 'h\u2028i', '${j}', 'constructor'];
    const row = rowBuilder(names)(names.map((_, i) => i));
    expect(Object.keys(row)).toEqual(names);
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
  });

  it('makes __proto__ a property like any, not the prototype', () => {
    const row = rowBuilder(['id', '__proto__'])([1, { polluted: true }]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['id', '__proto__']);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
    expect(literalKey('__proto__')).toBe('["__proto__"]');
  });

  it('compiles a function of the given parameters', () => {
    expect(compileFunction<(a: number, b: number) => number>(['a', 'b'], 'return a * b;')(6, 7)).toBe(42);
  });
});
