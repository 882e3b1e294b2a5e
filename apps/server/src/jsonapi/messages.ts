import { VALIDATION_KEYS } from '@umpire/schema';
import type { z } from 'zod';

/** English details for validation keys; the admin shows its own translation of the key. */
const DETAILS: Record<string, (p: Record<string, unknown>) => string> = {
  required: () => 'is required',
  whitespace: () => 'must not be only whitespace',
  min: (p) => `must be at least ${p.minimum ?? p.min}`,
  max: (p) => `must be at most ${p.maximum ?? p.max}`,
  minLength: (p) => `must have at least ${p.minimum ?? p.min} characters`,
  maxLength: (p) => `must have at most ${p.maximum ?? p.max} characters`,
  pattern: () => 'has an invalid format',
  email: () => 'must be a valid email address (at most 254 characters, 64 before the @)',
  invalidWebsiteUrl: () => 'must be a valid http or https address',
  atLeastOneItemRequired: () => 'needs at least one item',
  invalidType: (p) => `has the wrong type${p.expected ? ` (expected ${p.expected})` : ''}`,
  invalidEnum: (p) => `must be one of ${Array.isArray(p.values) ? p.values.join(', ') : 'the allowed values'}`,
  invalidDate: () => 'must be a date YYYY-MM-DD that exists',
  invalidDateTime: () => 'must be a date and time with an offset (ISO 8601)',
  invalidColor: () => 'must be a colour like #1A2B3C',
  unique: () => 'is already taken',
  notFound: () => 'points to a record that does not exist',
  unknownAttribute: () => 'is not an attribute of this resource',
  unknownRelationship: () => 'is not a relationship of this resource',
  readOnly: () => 'cannot be changed through this call',
};

export function detailFor(field: string, key: string, params: Record<string, unknown> = {}): string {
  const f = DETAILS[key];
  return `${field} ${f ? f(params) : 'is invalid'}.`;
}

const KEYS = new Set<string>(VALIDATION_KEYS);

/** A zod issue as a validation key and its parameters. */
export function keyOfIssue(issue: z.core.$ZodIssue): { key: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  for (const p of ['minimum', 'maximum', 'expected', 'values', 'min', 'max'] as const)
    if (p in issue) params[p] = (issue as unknown as Record<string, unknown>)[p];
  if ((issue as { params?: Record<string, unknown> }).params) Object.assign(params, (issue as { params: Record<string, unknown> }).params);
  if (KEYS.has(issue.message)) return { key: issue.message, params };
  switch (issue.code) {
    case 'too_small':
      return { key: issue.origin === 'string' ? 'minLength' : 'min', params };
    case 'too_big':
      return { key: issue.origin === 'string' ? 'maxLength' : 'max', params };
    case 'invalid_type':
      return { key: 'invalidType', params };
    case 'invalid_value':
      return { key: 'invalidEnum', params };
    case 'invalid_format':
      return { key: 'pattern', params };
    default:
      return { key: 'invalidType', params };
  }
}
