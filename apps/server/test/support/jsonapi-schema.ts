import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { REPO_ROOT } from '../../src/config';

/** The official JSON:API 1.0 response schema, from the shared folder beside the repository. */
const schemaPath = process.env.JSONAPI_SCHEMA ?? join(REPO_ROOT, '../shared/jsonapi/schema-1.0.json');
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));

export function assertJsonApiDocument(body: unknown, context: string): void {
  if (!validate(body))
    throw new Error(`${context}: not a valid JSON:API 1.0 document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
}
