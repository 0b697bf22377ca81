/**
 * The relation of a fused candidate between an agent record and a taxonomy concept.
 *
 * An agent record (an MCP server, an MCP tool, an A2A skill, an OASF record: `Concept.record`)
 * describes one offering — one product's API, one agent's skill — and a taxonomy such as OASF
 * names kinds of capability. When a record resembles a class, what that supports is "the record
 * is a kind of the class" (`skos:broadMatch`, the class is broader), not equivalence: a Redis
 * server is not "NoSQL Database Operations", it is one of them. So for a record subject, an
 * equivalence-family candidate (`skos:exactMatch`, `skos:closeMatch`) is proposed as
 * `skos:broadMatch` — unless a member establishes it by name identity of the record's own name
 * (a label or its identifier, not a keyword) with the class's (`exact`, `wordnet`, or `translate`
 * rendering the whole name):
 * "Translation" = Translation stays an exactMatch, a skill merely tagged "translation" does not —
 * or unless the record names a *tool* whose category is the class's activity ("Firecrawl: a web
 * scraping tool" for Web Scraping: the record scrapes the web in general, products.ts). Read the
 * other way round (a class subject, a record object) the same candidate is `skos:narrowMatch`.
 * Broader and narrower candidates (structure's) are kept as they are.
 *
 * Terms an OASF record declares (`record.declared`) stand for an OASF term, not an offering:
 * they keep the fused relation. So do pairs of two records, or of two taxonomy concepts.
 *
 * A relabelled candidate that meets one the subject already has with the same relation and
 * object (structure proposed the same broader class) is merged into the better-ranked one, its
 * members added; the subject's candidates are ranked 1… again in their order.
 */
import { PRODUCT_DESCRIPTION_FIELD, type Concept } from '../model/concept.js';
import type { Candidate } from '../model/mapping.js';
import { BROAD_MATCH, CLOSE_MATCH, EXACT_MATCH, NARROW_MATCH, tripleKey } from '../model/mapping.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { fuseCandidates, type FusedCandidate, type FusionOptions } from './fusion.js';
import { weighPropertySupport } from './property-support.js';

/**
 * Name identity: a member that found the two names equal, or WordNet synonyms, or (translate,
 * whose justification is the same background knowledge) a translation of the whole name: a
 * translation that glosses part of a name (口译 "to interpret" for Model Interpretability) is a
 * resemblance, as an English name sharing one word with the class's would be.
 */
const NAME_IDENTITY: ReadonlySet<string> = new Set(['semapv:LexicalMatching', 'semapv:BackgroundKnowledgeBasedMatching']);

/**
 * Whether a member establishes the equivalence for the record: it finds the record's own name (a
 * label or its identifier, not one of its keywords: a tag "translation" says what a skill is
 * about, not that it is Translation) equal to the class's name, or it finds that a tool product
 * the record names is for the class's activity ("Firecrawl: a web scraping tool" for Web
 * Scraping: the record does that activity in general, whatever tool it uses inside;
 * description.ts, products.ts).
 */
function establishesEquivalence(members: readonly Candidate[], recordSide: 'subject' | 'object'): boolean {
  return members.some((m) => m.predicate === EXACT_MATCH && m.evidence.some((e) => {
    const field = recordSide === 'subject' ? e.subjectField : e.objectField;
    return field === PRODUCT_DESCRIPTION_FIELD || (NAME_IDENTITY.has(m.justification) && !field.startsWith('synonym') && (e.translation === undefined || e.translationComplete === true));
  }));
}

const isOffering = (c: Concept | undefined): boolean => c?.record !== undefined && c.record.declared === undefined;
const isTaxonomyTerm = (c: Concept | undefined): boolean => c !== undefined && c.record === undefined;

/** True when a record relation rule can apply between these two vocabularies at all. */
export function hasAgentRecords(index: OntologyIndex): boolean {
  return index.concepts.some(isOffering);
}

/** The source's offerings (agent records that are not declared OASF terms), by IRI. */
function offeringsOf(index: OntologyIndex): Set<string> {
  return new Set(index.concepts.filter(isOffering).map((c) => c.iri));
}

/**
 * Fusion as `propose` and `bench` run it: the members fused (with the source's agent records
 * named as offerings, see FusionOptions.offerings), then record ↔ class candidates proposed as
 * broader or narrower (recordRelations), then property candidates weighed by what their domains
 * and ranges say (property-support.ts).
 */
export function fuseForVocabularies(members: Iterable<Candidate>, options: FusionOptions, source: OntologyIndex, target: OntologyIndex): FusedCandidate[] {
  const offerings = hasAgentRecords(source) ? offeringsOf(source) : undefined;
  return weighPropertySupport(recordRelations(fuseCandidates(members, offerings ? { ...options, offerings } : options), source, target), source, target);
}

/** The fused list with record ↔ class candidates proposed as broader / narrower (see the module comment). */
export function recordRelations(fused: readonly FusedCandidate[], source: OntologyIndex, target: OntologyIndex): FusedCandidate[] {
  if (!hasAgentRecords(source) && !hasAgentRecords(target)) return [...fused];
  const out: FusedCandidate[] = [];
  const bySubject = new Map<string, FusedCandidate[]>();
  const seen = new Map<string, FusedCandidate>();
  let changed = false;
  for (const c of fused) {
    let relation = c.predicate;
    if (relation === EXACT_MATCH || relation === CLOSE_MATCH) {
      const s = source.byIri.get(c.subject);
      const o = target.byIri.get(c.object);
      if (isOffering(s) && isTaxonomyTerm(o) && !establishesEquivalence(c.members, 'subject')) relation = BROAD_MATCH;
      else if (isTaxonomyTerm(s) && isOffering(o) && !establishesEquivalence(c.members, 'object')) relation = NARROW_MATCH;
    }
    const candidate = relation === c.predicate ? c : { ...c, predicate: relation };
    if (candidate !== c) changed = true;
    const key = tripleKey(c.subject, relation, c.object);
    const prior = seen.get(key);
    if (prior) {
      // Fused lists come best first per subject: the earlier one keeps its place.
      const known = new Set(prior.members.map((m) => `${m.generator}\u0000${m.predicate}`));
      prior.members.push(...candidate.members.filter((m) => !known.has(`${m.generator}\u0000${m.predicate}`)));
      changed = true;
      continue;
    }
    const copy = { ...candidate, members: [...candidate.members] };
    seen.set(key, copy);
    out.push(copy);
    const list = bySubject.get(c.subject) ?? [];
    list.push(copy);
    bySubject.set(c.subject, list);
  }
  if (!changed) return [...fused];
  for (const list of bySubject.values()) list.forEach((c, i) => (c.rank = i + 1));
  return out;
}
