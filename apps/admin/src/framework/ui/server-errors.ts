import type { JsonApiError } from '../../providers/http-client';

/**
 * What the data provider's errors say about one field: the JSON:API error pointing at it (its
 * `meta.key`, e.g. `unique`) and the message already translated for the form.
 */
export interface FieldError {
  key: string | undefined;
  message: string;
}

interface ProviderError {
  body?: { errors?: Record<string, unknown>; jsonapi?: { errors?: JsonApiError[] } };
  message?: string;
}

function pointerField(pointer: string | undefined): string | undefined {
  const attr = /^\/data\/attributes\/([^/]+)/.exec(pointer ?? '');
  if (attr) return attr[1];
  const rel = /^\/data\/relationships\/([^/]+)/.exec(pointer ?? '');
  return rel ? `${rel[1]}_id` : undefined;
}

export function fieldErrorOf(error: unknown, field: string): FieldError | null {
  const body = (error as ProviderError | null)?.body;
  const raw = body?.jsonapi?.errors?.find((e) => pointerField(e.source?.pointer) === field);
  const message = body?.errors?.[field];
  if (!raw && typeof message !== 'string') return null;
  return { key: raw?.meta?.key, message: typeof message === 'string' ? message : (raw?.detail ?? raw?.title ?? '') };
}

/** Field errors of a failed save, as a form's submission errors (`{ field: message }`), optionally under a prefix. */
export function submissionErrors(error: unknown, prefix?: string): Record<string, unknown> | undefined {
  const errors = (error as ProviderError | null)?.body?.errors;
  if (!errors || typeof errors !== 'object' || !Object.keys(errors).length) return undefined;
  return prefix ? { [prefix]: errors } : { ...errors };
}
