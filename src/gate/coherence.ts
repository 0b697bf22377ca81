/**
 * The coherence of an artifact's rules with the two ontologies they map between (src/coherence):
 * what `artifact build` refuses to sign off without `--allow-incoherent`, and what excludes an
 * artifact from a decision when the check is given both ontologies.
 *
 * Why exclusion, and not Incompatible (draft Section 7): an incoherent artifact states mappings
 * that, with the ontologies, make a concept unsatisfiable — some rule is wrong, and the receiver
 * cannot tell which (6.4 forbids repairing it by guessing). 7.3 says mappings inconsistent with
 * what is required are excluded before alternatives are resolved; the exclusion says nothing
 * about the task itself, so when no other artifact establishes the mapping the outcome is
 * Indeterminate (the mapping could not be established), never Compatible through the artifact.
 */
import type { OntologyIndex } from '../model/ontology-index.js';
import { CoherenceChecker, describeConflict, type CoherenceConflict, type CoherenceMapping } from '../coherence/index.js';
import type { MappingRule, ValidatedArtifact } from './artifact.js';
import { ontologySnapshot } from './ontology-digest.js';

/** A conflict among rules: positions are rule indexes. */
export interface RuleConflict extends CoherenceConflict {
  /** The conflict in one sentence, naming the rules' concepts. */
  message: string;
}

/** A rule as a mapping (from → to, its relation; exactMatch when it states none). */
function ruleMapping(rule: Pick<MappingRule, 'from' | 'to' | 'relation'>): CoherenceMapping {
  return { subject: rule.from, predicate: rule.relation ?? 'skos:exactMatch', object: rule.to };
}

/**
 * Checkers by ontology pair: building one reads both ontologies once. Each is kept with the
 * snapshots of the two indexes it was built from (ontologySnapshot: constant for a sealed index)
 * and rebuilt when either changed in place, so a checker never answers for content it did not read.
 */
const checkers = new WeakMap<OntologyIndex, WeakMap<OntologyIndex, { source: string; target: string; checker: CoherenceChecker }>>();

function checkerFor(source: OntologyIndex, target: OntologyIndex): CoherenceChecker {
  let bySource = checkers.get(source);
  if (!bySource) checkers.set(source, (bySource = new WeakMap()));
  const now = { source: ontologySnapshot(source), target: ontologySnapshot(target) };
  let entry = bySource.get(target);
  if (!entry || entry.source !== now.source || entry.target !== now.target) bySource.set(target, (entry = { ...now, checker: new CoherenceChecker(source, target) }));
  return entry.checker;
}

/** Conflicts among rules (`from` in `source`, `to` in `target`), each with a sentence. */
export function ruleConflicts(rules: ReadonlyArray<Pick<MappingRule, 'from' | 'to' | 'relation'>>, source: OntologyIndex, target: OntologyIndex): RuleConflict[] {
  const mappings = rules.map(ruleMapping);
  return checkerFor(source, target).check(mappings).conflicts.map((c) => ({ ...c, message: describeConflict(c, mappings) }));
}

/** Conflicts of one artifact, memoised by its digest per ontology pair (a decision may be revalidated often). */
const byArtifact = new WeakMap<CoherenceChecker, Map<string, RuleConflict[]>>();

/**
 * The ontology among `ontologies` that an artifact names for one side: the same IRI, and no
 * declared version that differs from the artifact's (an index without a version is taken).
 */
function ontologyFor(ontologies: readonly OntologyIndex[], id: string, version: string): OntologyIndex | undefined {
  return ontologies.find((o) => {
    const declared = [o.version, o.versionIri].filter((v): v is string => v !== undefined);
    return o.iri === id && (declared.length === 0 || declared.includes(version));
  });
}

/**
 * The conflicts of an artifact's rules with its two ontologies when both are among `ontologies`;
 * undefined when either is missing (the check cannot be made).
 */
export function artifactConflicts(artifact: ValidatedArtifact, ontologies: readonly OntologyIndex[]): RuleConflict[] | undefined {
  const source = ontologyFor(ontologies, artifact.sourceOntologyId, artifact.sourceOntologyVersion);
  const target = ontologyFor(ontologies, artifact.targetOntologyId, artifact.targetOntologyVersion);
  if (!source || !target) return undefined;
  const checker = checkerFor(source, target);
  let memo = byArtifact.get(checker);
  if (!memo) byArtifact.set(checker, (memo = new Map()));
  let conflicts = memo.get(artifact.digest);
  if (!conflicts) {
    conflicts = ruleConflicts(artifact.mappingRules, source, target);
    if (memo.size > 1000) memo.clear();
    memo.set(artifact.digest, conflicts);
  }
  return conflicts;
}
