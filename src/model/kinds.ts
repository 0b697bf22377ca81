/**
 * Which kinds of concept take part in matching (`--kinds`). An ontology may declare classes,
 * properties and individuals together (an OWL file describing its instances), or capabilities
 * next to domains; the user chooses which to match, and the rest are left out of the run.
 */
import type { ConceptKind } from './concept.js';
import { IoaError } from './errors.js';
import { buildOntologyIndex, type OntologyIndex } from './ontology-index.js';

/** The names `--kinds` accepts, each for one or more concept kinds. */
export const KIND_SELECTORS = {
  classes: ['class'],
  properties: ['objectProperty', 'datatypeProperty', 'annotationProperty'],
  individuals: ['individual'],
  agents: ['agent'],
  capabilities: ['capability'],
  intents: ['intent'],
  domains: ['domain'],
  concepts: ['concept'],
} as const satisfies Record<string, readonly ConceptKind[]>;

export type KindSelector = keyof typeof KIND_SELECTORS;

/** Selector names → the concept kinds they name; an unknown name is a usage error listing the choices. */
export function kindsOf(selectors: readonly string[], path = '$.kinds'): ReadonlySet<ConceptKind> {
  if (!Array.isArray(selectors)) throw new IoaError('E_USAGE', `${path}: kinds must be an array of names (${Object.keys(KIND_SELECTORS).join(', ')}), not ${typeof selectors}`, { path });
  const unknown = selectors.filter((n) => !Object.prototype.hasOwnProperty.call(KIND_SELECTORS, n));
  if (selectors.length === 0 || unknown.length > 0) {
    throw new IoaError('E_USAGE', `${path}: unknown kind(s) ${unknown.join(', ') || '(none given)'}; choose from ${Object.keys(KIND_SELECTORS).join(', ')}`, { path });
  }
  return new Set(selectors.flatMap((n) => KIND_SELECTORS[n as KindSelector]));
}

/** `classes,capabilities` (the `--kinds` option) → the selector names, checked. */
export function parseKindList(list: string, path = '--kinds'): KindSelector[] {
  const names = [...new Set(list.split(',').map((n) => n.trim()).filter(Boolean))];
  kindsOf(names, path);
  return names as KindSelector[];
}

/** `classes,capabilities` → the concept kinds they name. */
export function parseKinds(list: string, path = '--kinds'): ReadonlySet<ConceptKind> {
  return kindsOf(parseKindList(list, path), path);
}

/**
 * The same ontology with only concepts of the given kinds. Identity, version and warnings are
 * kept; declared counts stay as the file states them (they describe the file, not the run).
 */
export function selectKinds(index: OntologyIndex, kinds: ReadonlySet<ConceptKind>): OntologyIndex {
  const concepts = index.concepts.filter((c) => kinds.has(c.kind));
  if (concepts.length === index.concepts.length) return index;
  const init: Parameters<typeof buildOntologyIndex>[0] = { source: index.source, concepts, warnings: index.warnings, declaredCounts: index.declaredCounts };
  if (index.iri !== undefined) init.iri = index.iri;
  if (index.version !== undefined) init.version = index.version;
  if (index.versionIri !== undefined) init.versionIri = index.versionIri;
  if (index.identifiers !== undefined) init.identifiers = index.identifiers;
  // The axioms hold whichever kinds are matched: a property's domain still constrains its classes.
  if (index.axioms !== undefined) init.axioms = index.axioms;
  return buildOntologyIndex(init);
}
