/**
 * Domain profile documents (format in DESIGN.md). The draft leaves what a profile says to the
 * profile (Sections 5.3, 5.4, 6.1, 7.3); this is the project's closed, plain-JSON form of it.
 */
import { resolveOptions } from './expansion.js';
import { Findings, describeType, isObject } from './findings.js';
import { checkLimits } from './limits.js';
import { PlainReader } from './plain.js';
import {
  CONDITION_NAMES, VERSION_RELATIONS,
  type ConditionName, type DomainProfile, type RetrievalPolicy, type ValidateOptions, type ValidationResult, type VersionRelation,
} from './types.js';

const MEMBERS = [
  'profileId', 'revision', 'ontologies', 'versionRelations', 'termBindings', 'requiredConditions',
  'mappingSelection', 'unknownTerms', 'retrieval', 'shapes', 'envelopeReuse',
] as const;

/** Validate a domain profile document (parsed JSON). */
export function validateProfile(input: unknown, options: Pick<ValidateOptions, 'limits' | 'iriSchemes'> = {}): ValidationResult<DomainProfile> {
  const r = resolveOptions(options);
  const f = new Findings();
  if (!isObject(input)) {
    f.add('E_INVALID_JSON', '$', `a domain profile must be a JSON object, got ${describeType(input)}`, '5.3');
    return f.result<DomainProfile>(undefined);
  }
  if (!checkLimits(input, r.limits, f)) return f.result<DomainProfile>(undefined);
  const p = new PlainReader(input, '$', f, '5.3', r.iriSchemes);
  p.closed(MEMBERS, 'a domain profile');

  const profileId = p.iri('profileId', true);
  const revision = p.string('revision', true);

  const ontologies: DomainProfile['ontologies'] = [];
  const ontologyItems = p.array('ontologies', true, true) ?? [];
  ontologyItems.forEach((_, i) => {
    const o = p.item('ontologies', ontologyItems, i);
    if (!o) return;
    o.closed(['ontologyId', 'versions'], 'an ontology entry');
    const ontologyId = o.iri('ontologyId', true);
    const versions = o.strings('versions', true, true);
    if (ontologyId === undefined || versions === undefined) return;
    if (ontologies.some((x) => x.ontologyId === ontologyId)) {
      f.add('E_INVALID_DUPLICATE', o.at('ontologyId'), `ontology ${ontologyId} is listed twice; list all its versions in one entry`, '5.3');
      return;
    }
    ontologies.push({ ontologyId, versions });
  });

  const versionRelations: VersionRelation[] = [];
  const relationItems = p.array('versionRelations', false, false) ?? [];
  relationItems.forEach((_, i) => {
    const v = p.item('versionRelations', relationItems, i);
    if (!v) return;
    v.closed(['ontologyId', 'from', 'to', 'relation'], 'a version relation');
    const ontologyId = v.iri('ontologyId', true);
    const from = v.string('from', true);
    const to = v.string('to', true);
    const relation = v.enumeration('relation', true, VERSION_RELATIONS);
    if (ontologyId === undefined || from === undefined || to === undefined || relation === undefined) return;
    if (from === to) {
      f.add('E_INVALID_VALUE', v.at('to'), `a version relation needs two different versions (both are "${from}")`, '5.3');
      return;
    }
    if (input['ontologies'] !== undefined && ontologyItems.length > 0 && !ontologies.some((o) => o.ontologyId === ontologyId) && !f.hasErrors) {
      f.add('E_INVALID_REFERENCE', v.at('ontologyId'), `version relation names ontology ${ontologyId}, which the profile does not list in "ontologies"`, '5.3');
      return;
    }
    if (versionRelations.some((x) => x.ontologyId === ontologyId && x.from === from && x.to === to)) {
      f.add('E_INVALID_DUPLICATE', v.path, `the relation ${from} → ${to} of ${ontologyId} is declared twice`, '5.3');
      return;
    }
    versionRelations.push({ ontologyId, from, to, relation });
  });

  let termBindings: DomainProfile['termBindings'];
  const tb = p.object('termBindings', false);
  if (tb) {
    tb.closed(['permittedDomains', 'crossDomain'], '"termBindings"');
    const permittedDomains = tb.strings('permittedDomains', true, true, (v, path) => tb.checkIri(v, path, 'permittedDomains'));
    const crossDomain = tb.boolean('crossDomain', true);
    if (permittedDomains !== undefined && crossDomain !== undefined) termBindings = { permittedDomains, crossDomain };
  }

  const requiredConditions = (p.strings('requiredConditions', false, false, (v, path) => {
    if ((CONDITION_NAMES as readonly string[]).includes(v)) return true;
    f.add('E_INVALID_VALUE', path, `"${v}" is not a condition with defined evaluation semantics (${CONDITION_NAMES.join(', ')})`, '7.2');
    return false;
  }) ?? []) as ConditionName[];

  const mappingSelection = p.enumeration('mappingSelection', false, ['none', 'latest-revision'] as const) ?? 'none';
  const unknownTerms = p.enumeration('unknownTerms', false, ['reject', 'ignore'] as const) ?? 'reject';

  let retrieval: RetrievalPolicy | undefined;
  const rp = p.object('retrieval', false);
  if (rp) {
    // Only allowRemote is this module's; the other members belong to the retrieval policy (#9).
    const allowRemote = rp.boolean('allowRemote', true);
    if (allowRemote !== undefined) retrieval = { ...rp.obj, allowRemote };
  }
  const shapes = p.string('shapes', false);
  const envelopeReuse = p.boolean('envelopeReuse', false) ?? false;

  if (f.hasErrors || profileId === undefined || revision === undefined) return f.result<DomainProfile>(undefined);
  const value: DomainProfile = {
    kind: 'profile', profileId, revision, ontologies, versionRelations, requiredConditions, mappingSelection, unknownTerms, envelopeReuse,
  };
  if (termBindings !== undefined) value.termBindings = termBindings;
  if (retrieval !== undefined) value.retrieval = retrieval;
  if (shapes !== undefined) value.shapes = shapes;
  return f.result(value);
}
