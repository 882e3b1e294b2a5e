import { VALIDATION_KEYS, type ERROR_MESSAGES, type ErrorMessageId, type ValidationKey } from '@umpire/schema';
import type { z } from 'zod';
import { errorSpec, type ErrorSpec } from './errors';

/** Messages whose only value is the field's name. */
type FieldOnlyId = {
  [Id in ErrorMessageId]: (typeof ERROR_MESSAGES)[Id]['values'] extends readonly ['field'] ? Id : never;
}[ErrorMessageId];

const bound = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/**
 * A 422 about one field: the key picks the message and `params` (the `meta.params` the admin
 * reads) give its bounds, expected type or allowed values. The field is named by its attribute.
 */
export function fieldError(
  pointer: string,
  field: string,
  key: ValidationKey | FieldOnlyId,
  params?: Record<string, unknown>,
  opts: { items?: boolean } = {},
): ErrorSpec {
  const p = params ?? {};
  const base = { source: { pointer }, ...(params ? { params } : {}) };
  const min = bound(p.minimum ?? p.min);
  const max = bound(p.maximum ?? p.max);
  switch (key) {
    case 'min':
      return min === undefined ? errorSpec(422, key, { ...base, values: { field } }) : errorSpec(422, 'min.bound', { ...base, values: { field, min } });
    case 'max':
      return max === undefined ? errorSpec(422, key, { ...base, values: { field } }) : errorSpec(422, 'max.bound', { ...base, values: { field, max } });
    case 'minLength':
      if (min === undefined) return errorSpec(422, key, { ...base, values: { field } });
      return errorSpec(422, opts.items ? 'minLength.items' : 'minLength.bound', { ...base, values: { field, min } });
    case 'maxLength':
      if (max === undefined) return errorSpec(422, key, { ...base, values: { field } });
      return errorSpec(422, opts.items ? 'maxLength.items' : 'maxLength.bound', { ...base, values: { field, max } });
    case 'tooManyItems':
      return errorSpec(422, key, { ...base, values: { field, max: max ?? 0 } });
    case 'invalidType':
      return typeof p.expected === 'string'
        ? errorSpec(422, 'invalidType.expected', { ...base, values: { field, expected: p.expected } })
        : errorSpec(422, key, { ...base, values: { field } });
    case 'invalidEnum':
      return Array.isArray(p.values)
        ? errorSpec(422, 'invalidEnum.oneOf', { ...base, values: { field, values: p.values.map(String) } })
        : errorSpec(422, key, { ...base, values: { field } });
    default:
      return errorSpec(422, key, { ...base, values: { field } });
  }
}

const KEYS = new Set<string>(VALIDATION_KEYS);

/** A zod issue as a validation key and its parameters; `items` when the bounds count array items. */
export function keyOfIssue(issue: z.core.$ZodIssue): { key: ValidationKey; params: Record<string, unknown>; items: boolean } {
  const params: Record<string, unknown> = {};
  for (const p of ['minimum', 'maximum', 'expected', 'values', 'min', 'max'] as const)
    if (p in issue) params[p] = (issue as unknown as Record<string, unknown>)[p];
  if ((issue as { params?: Record<string, unknown> }).params) Object.assign(params, (issue as { params: Record<string, unknown> }).params);
  const items = (issue as { origin?: unknown }).origin === 'array';
  if (KEYS.has(issue.message)) return { key: issue.message as ValidationKey, params, items };
  switch (issue.code) {
    case 'too_small':
      return { key: issue.origin === 'string' ? 'minLength' : 'min', params, items };
    case 'too_big':
      return { key: issue.origin === 'string' ? 'maxLength' : 'max', params, items };
    case 'invalid_type':
      return { key: 'invalidType', params, items };
    case 'invalid_value':
      return { key: 'invalidEnum', params, items };
    case 'invalid_format':
      return { key: 'pattern', params, items };
    default:
      return { key: 'invalidType', params, items };
  }
}
