/**
 * Capability advertisement (draft Section 6.3) with the optional members DESIGN.md adds: the
 * ontology it is declared under and the languages the provider supports. No `intentRef`.
 */
import { expandDocument, resolveOptions } from './expansion.js';
import { Findings } from './findings.js';
import { NodeReader, ioa } from './reader.js';
import { runShapes } from './shacl.js';
import { isLanguageTag, isMediaType } from './syntax.js';
import type { ValidateOptions, ValidatedCapability, ValidationResult } from './types.js';

function mediaTypes(reader: NodeReader, term: 'inputs' | 'outputs', f: Findings): string[] | undefined {
  const values = reader.strings(ioa(term), '6.3', true, { nonEmpty: true });
  if (values === undefined) return undefined;
  let ok = true;
  values.forEach((v, i) => {
    if (!isMediaType(v)) {
      ok = false;
      f.add('E_INVALID_MEDIA_TYPE', reader.pathOf(ioa(term), i), `"${term}" must hold media types (type/subtype), got "${v}"`, '5.2', 'e.g. "text/plain"; wildcards are not constraints');
    }
  });
  return ok ? values : undefined;
}

function languages(reader: NodeReader, term: 'sourceLang' | 'targetLang', f: Findings): string[] | undefined {
  const values = reader.strings(ioa(term), '5.2', false, { nonEmpty: true });
  if (values === undefined) return undefined;
  let ok = true;
  values.forEach((v, i) => {
    if (!isLanguageTag(v)) {
      ok = false;
      f.add('E_INVALID_LANGUAGE_TAG', reader.pathOf(ioa(term), i), `"${term}" must hold BCP 47 language tags, got "${v}"`, '5.2');
    }
  });
  return ok ? values : undefined;
}

/** Validate a capability advertisement (Section 6.3). `input` is the parsed JSON document. */
export async function validateCapability(input: unknown, options: ValidateOptions = {}): Promise<ValidationResult<ValidatedCapability>> {
  const r = resolveOptions(options);
  const f = new Findings();
  const doc = await expandDocument(input, r, f, '6.3');
  if (!doc) return f.result<ValidatedCapability>(undefined);

  const reader = new NodeReader(doc.node, doc.raw, '$', f, r, doc.prefixes);
  reader.type(ioa('Capability'), '6.3');
  const id = reader.id('6.3', true);
  const inputs = mediaTypes(reader, 'inputs', f);
  const outputs = mediaTypes(reader, 'outputs', f);
  const label = reader.label();
  const ontologyId = reader.iri(ioa('ontologyId'), '6.3', false);
  const ontologyVersion = reader.string(ioa('ontologyVersion'), '6.3', false, { nonEmpty: true });
  // An ontology id without its version (or the reverse) names no exact ontology (5.3).
  if ((doc.node[ioa('ontologyId')] === undefined) !== (doc.node[ioa('ontologyVersion')] === undefined)) {
    const missing = doc.node[ioa('ontologyId')] === undefined ? 'ontologyId' : 'ontologyVersion';
    f.add('E_INVALID_MISSING_FIELD', `$.${missing}`, `"${missing}" is required when "${missing === 'ontologyId' ? 'ontologyVersion' : 'ontologyId'}" is given: a capability is declared under one exact ontology version`, '5.3');
  }
  const sourceLang = languages(reader, 'sourceLang', f);
  const targetLang = languages(reader, 'targetLang', f);
  reader.finish();

  if (f.hasErrors || id === undefined || inputs === undefined || outputs === undefined) return f.result<ValidatedCapability>(undefined);
  if (options.shapes) f.push(...await runShapes(options.shapes, doc.expanded, r.documentLoader));

  const value: ValidatedCapability = { kind: 'capability', id, inputs, outputs, expanded: doc.expanded };
  if (label !== undefined) value.label = label;
  if (ontologyId !== undefined) value.ontologyId = ontologyId;
  if (ontologyVersion !== undefined) value.ontologyVersion = ontologyVersion;
  if (sourceLang !== undefined) value.sourceLang = sourceLang;
  if (targetLang !== undefined) value.targetLang = targetLang;
  return f.result(value);
}
