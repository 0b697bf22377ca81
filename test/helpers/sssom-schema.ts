/**
 * The JSON Schema generated from the SSSOM model (corpora/sssom-spec/sssom_schema.schema.json,
 * draft 2019-09), compiled once with ajv: `$defs/MappingSet` is what every JSON mapping set we
 * write must satisfy. Formats (`date`) are checked too, not ignored.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';

const SCHEMA_PATH = join(import.meta.dirname, '../../corpora/sssom-spec/sssom_schema.schema.json');

export const sssomJsonSchema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as { $defs: Record<string, { properties: Record<string, Record<string, unknown>> }> };

// Both packages are CommonJS; under NodeNext their ES default is `module.exports`, whose
// `default` property is the class and the plugin.
// Not strict: the generated schema carries LinkML's own keywords (`metamodel_version`,
// `version`), which ajv's strict mode refuses as unknown.
const ajv = new Ajv2019.default({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema(sssomJsonSchema, 'sssom');
const validate = ajv.getSchema('sssom#/$defs/MappingSet');
if (!validate) throw new Error('the SSSOM JSON Schema has no $defs/MappingSet');

/** The schema's verdict on a parsed JSON document: `[]` when valid, else one line per violation. */
export function mappingSetSchemaErrors(document: unknown): string[] {
  if (validate!(document)) return [];
  return (validate!.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
}
