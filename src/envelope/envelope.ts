/**
 * Task-specific semantic envelope (draft Sections 5.3, 6.2): validation of the baseline fields
 * on the expanded document, then the domain profile's reuse rule and optional SHACL shapes.
 */
import { expandDocument, resolveOptions } from './expansion.js';
import { Findings } from './findings.js';
import { NodeReader, ioa } from './reader.js';
import { runShapes } from './shacl.js';
import { isLanguageTag } from './syntax.js';
import type { ProfileContext, TermBinding, ValidateOptions, ValidatedEnvelope, ValidationResult } from './types.js';

function language(reader: NodeReader, term: 'sourceLang' | 'targetLang', f: Findings): string | undefined {
  const value = reader.string(ioa(term), '5.2', false, { nonEmpty: true });
  if (value !== undefined && !isLanguageTag(value)) {
    f.add('E_INVALID_LANGUAGE_TAG', reader.pathOf(ioa(term)), `"${term}" must be a BCP 47 language tag, got "${value}"`, '5.2', 'e.g. "zh", "en", "zh-Hans-CN"');
    return undefined;
  }
  return value;
}

function profileContext(reader: NodeReader, f: Findings): ProfileContext | undefined {
  reader.type(ioa('Context'), '5.2');
  reader.id('5.2', false);
  const domain = reader.iri(ioa('domain'), '5.2', false);
  const bindings: TermBinding[] = [];
  for (const b of reader.nodes(ioa('termBindings'), '5.2') ?? []) {
    b.type(ioa('TermBinding'), '5.2');
    b.id('5.2', false);
    const term = b.string(ioa('term'), '5.2', true, { nonEmpty: true, allowLanguage: true });
    const sense = b.iri(ioa('sense'), '5.2', true);
    b.label();
    b.finish();
    if (term !== undefined && sense !== undefined) bindings.push({ term, sense });
  }
  const sourceLang = language(reader, 'sourceLang', f);
  const targetLang = language(reader, 'targetLang', f);
  reader.label();
  reader.finish();
  const out: ProfileContext = { termBindings: bindings };
  if (domain !== undefined) out.domain = domain;
  if (sourceLang !== undefined) out.sourceLang = sourceLang;
  if (targetLang !== undefined) out.targetLang = targetLang;
  return out;
}

/**
 * Validate a task-specific semantic envelope (Section 6.2). `input` is the parsed JSON document.
 * With `options.profile` (or `options.reused`), the reuse rule of Section 5.3 applies too.
 */
export async function validateEnvelope(input: unknown, options: ValidateOptions = {}): Promise<ValidationResult<ValidatedEnvelope>> {
  const r = resolveOptions(options);
  const f = new Findings();
  const doc = await expandDocument(input, r, f, '6.2');
  if (!doc) return f.result<ValidatedEnvelope>(undefined);

  const reader = new NodeReader(doc.node, doc.raw, '$', f, r, doc.prefixes);
  reader.type(ioa('SemanticProfile'), '6.2');
  const id = reader.id('5.3', false);
  const ontologyId = reader.iri(ioa('ontologyId'), '6.2', true);
  const ontologyVersion = reader.string(ioa('ontologyVersion'), '6.2', true, { nonEmpty: true });
  const capabilityRefs = reader.iris(ioa('capabilityRefs'), '6.2', true);
  const intentRef = reader.iri(ioa('intentRef'), '6.2', true);
  const alignmentRef = reader.iri(ioa('alignmentRef'), '6.2', false);
  const profileVersion = reader.string(ioa('profileVersion'), '6.2', false, { nonEmpty: true });
  const ctxReader = reader.node1(ioa('profileContext'), '6.2');
  const ctx = ctxReader ? profileContext(ctxReader, f) : undefined;
  reader.label();
  reader.finish();

  if (r.reused && !(id !== undefined && (profileVersion !== undefined || id.toLowerCase().startsWith('ni:')))) {
    f.add('E_INVALID_REUSE', '$',
      id === undefined
        ? 'the profile reuses envelopes, so the envelope needs an instance identifier ("@id") with a "profileVersion", or an immutable "@id" reference'
        : `the profile reuses envelopes, so "@id" ${id} needs a "profileVersion" (or must be an immutable ni: reference)`,
      '5.3', 'add "@id" and "profileVersion" so the accepted revision is unambiguous');
  }

  if (f.hasErrors || ontologyId === undefined || ontologyVersion === undefined || capabilityRefs === undefined || intentRef === undefined) {
    return f.result<ValidatedEnvelope>(undefined);
  }
  if (options.shapes) f.push(...await runShapes(options.shapes, doc.expanded, r.documentLoader));

  const value: ValidatedEnvelope = { kind: 'envelope', ontologyId, ontologyVersion, capabilityRefs, intentRef, expanded: doc.expanded };
  if (id !== undefined) value.id = id;
  if (ctx !== undefined) value.profileContext = ctx;
  if (alignmentRef !== undefined) value.alignmentRef = alignmentRef;
  if (profileVersion !== undefined) value.profileVersion = profileVersion;
  return f.result(value);
}
