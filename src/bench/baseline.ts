/**
 * The benchmark's own floor: exact label equality, run in every benchmark so each table has a
 * reference point that does not change when the real generators do. It lives in src/bench, not
 * in the generator registry, because nobody should choose it for real work.
 *
 * Text is compared after `labelKey` (NFKC, lower case, folded white space), the key of
 * `OntologyIndex.labelIndex`, with underscores read as spaces: the NCI half of OAEI Anatomy
 * writes its labels `Pancreatic_Duct`, and an exact-match baseline that misses those measures
 * the spelling convention, not the method. Labels include the loader's split local names for concepts without
 * an rdfs:label, so on Conference this is the "exact local-name match" of the literature.
 * Concepts match only within one kind family (classes with classes, properties with properties).
 */
import type { Concept, ConceptKind } from '../model/concept.js';
import { rawScore, type Candidate } from '../model/mapping.js';
import { labelKey, type OntologyIndex } from '../model/ontology-index.js';
import type { Generator, GeneratorOptions } from '../generators/types.js';

export type BaselineName = 'baseline:label' | 'baseline:label+synonyms';

const FAMILY: Record<ConceptKind, string> = {
  class: 'class',
  agent: 'class',
  capability: 'class',
  intent: 'class',
  domain: 'class',
  concept: 'class',
  objectProperty: 'property',
  datatypeProperty: 'property',
  annotationProperty: 'property',
  individual: 'individual',
};

interface Name {
  key: string;
  text: string;
  field: string;
}

function namesOf(concept: Concept, withSynonyms: boolean): Name[] {
  const key = (text: string): string => labelKey(text.replace(/_/g, ' '));
  const names: Name[] = concept.labels.map((l) => ({ key: key(l.text), text: l.text, field: 'label' }));
  if (withSynonyms) {
    for (const s of concept.synonyms) names.push({ key: key(s.text), text: s.text, field: `synonym:${s.kind}` });
  }
  return names.filter((n) => n.key);
}

/**
 * Score 1 when a label equals a label, 0.5 when a synonym is involved: raw scores, used only to
 * rank within this baseline.
 */
export function exactLabelBaseline(withSynonyms: boolean): Generator {
  const name: BaselineName = withSynonyms ? 'baseline:label+synonyms' : 'baseline:label';
  const measure = withSynonyms ? 'exact normalised label or synonym equality (1 label, 0.5 synonym)' : 'exact normalised label equality';
  return {
    name,
    measure,
    justification: 'semapv:LexicalMatching',
    async *propose(source: OntologyIndex, target: OntologyIndex, options: GeneratorOptions): AsyncIterable<Candidate> {
      const targetNames = new Map<string, { concept: Concept; name: Name }[]>();
      for (const concept of target.concepts) {
        for (const n of namesOf(concept, withSynonyms)) {
          const list = targetNames.get(n.key);
          if (list) list.push({ concept, name: n });
          else targetNames.set(n.key, [{ concept, name: n }]);
        }
      }
      let done = 0;
      for (const subject of source.concepts) {
        const best = new Map<string, { score: number; sName: Name; oName: Name }>();
        for (const sName of namesOf(subject, withSynonyms)) {
          for (const { concept, name: oName } of targetNames.get(sName.key) ?? []) {
            if (concept.iri === subject.iri || FAMILY[concept.kind] !== FAMILY[subject.kind]) continue;
            const score = sName.field === 'label' && oName.field === 'label' ? 1 : 0.5;
            const seen = best.get(concept.iri);
            if (!seen || score > seen.score) best.set(concept.iri, { score, sName, oName });
          }
        }
        const ranked = [...best.entries()].sort((a, b) => b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1)).slice(0, options.topK);
        for (const [i, [object, m]] of ranked.entries()) {
          yield {
            subject: subject.iri,
            predicate: 'skos:exactMatch',
            object,
            generator: name,
            score: rawScore(m.score),
            measure,
            rank: i + 1,
            justification: 'semapv:LexicalMatching',
            evidence: [{ generator: name, subjectText: m.sName.text, objectText: m.oName.text, subjectField: m.sName.field, objectField: m.oName.field }],
          };
        }
        options.onProgress?.(++done, source.concepts.length);
      }
    },
  };
}
