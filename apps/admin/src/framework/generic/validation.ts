import type { Validator as RaValidator } from 'react-admin';
import { resourceByType, Validators, VALIDATION_KEYS, type ValidationFailure, type Validator } from '@umpire/schema';
import type { z } from 'zod';
import type { AttributeManifest } from '@umpire/schema/manifest';

/**
 * The shared validators of packages/schema, as react-admin validators: forms reject what the
 * server rejects, with the same keys (`validation.<key>` in the translation files).
 */
const KEYS = new Set<string>(VALIDATION_KEYS);

/** Servers and zod name bounds `minimum`/`maximum`; the messages use `min`/`max`. */
export function messageArgs(params: Record<string, unknown> = {}): Record<string, unknown> {
  const args: Record<string, unknown> = { ...params };
  if (args.min === undefined && args.minimum !== undefined) args.min = args.minimum;
  if (args.max === undefined && args.maximum !== undefined) args.max = args.maximum;
  return args;
}

export function failureMessage(failure: ValidationFailure | null) {
  return failure ? { message: `validation.${failure.key}`, args: messageArgs(failure.params) } : undefined;
}

export function toRaValidator(validator: Validator): RaValidator {
  return (value, allValues) => failureMessage(validator(value, { parent: (allValues as Record<string, unknown> | undefined) ?? null }));
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Runs an attribute's zod schema on a filled-in value; empty values are `required`'s business. */
export function schemaValidator(schema: z.ZodType): RaValidator {
  return (value) => {
    if (isEmpty(value)) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return undefined;
    const issue = result.error.issues[0];
    const key = KEYS.has(issue.message) ? issue.message : 'invalid';
    const extra = issue as unknown as Record<string, unknown>;
    const params = { ...(extra.params as Record<string, unknown> | undefined), minimum: extra.minimum, maximum: extra.maximum };
    return { message: `validation.${key}`, args: messageArgs(params) };
  };
}

export function attributeValidators(resource: string, attr: AttributeManifest): RaValidator[] {
  const validators: RaValidator[] = [];
  if (attr.required) validators.push(toRaValidator(Validators.required()));
  if (attr.type === 'string' || attr.type === 'text') validators.push(toRaValidator(Validators.notBlank()));
  const schema = resourceByType(resource)?.attributes[attr.name]?.schema;
  if (schema) validators.push(schemaValidator(schema));
  return validators;
}

export const requiredValidator = toRaValidator(Validators.required());
