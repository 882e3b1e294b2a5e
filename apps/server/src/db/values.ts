import type { AttributeType } from '@umpire/schema';
import type { Dialect } from './database';

/** A stored value as the API shows it (SQLite keeps booleans as 0/1 and JSON as text). */
export function fromDb(type: AttributeType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'boolean':
      return value === true || value === 1;
    case 'json':
      return typeof value === 'string' ? JSON.parse(value) : value;
    case 'datetime':
      return value instanceof Date ? value.toISOString() : value;
    case 'number':
      return Number(value);
    default:
      return value;
  }
}

/** An API value as the database stores it. */
export function toDb(dialect: Dialect, type: AttributeType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'boolean':
      return dialect === 'sqlite' ? (value ? 1 : 0) : Boolean(value);
    case 'json':
      return JSON.stringify(value);
    case 'datetime':
      return new Date(value as string).toISOString();
    default:
      return value;
  }
}

export const nowIso = () => new Date().toISOString();
