/**
 * The baseline inline context of draft Section 6.1 as data: its terms, prefixes and meanings.
 * Kept apart from the checks in context.ts (which need jsonld) so that writers of the context,
 * such as the vocabulary export, load no JSON-LD processor.
 */
import { NS } from '../model/vocabulary.js';

export const IOA = NS.ioa;
export const RDFS = NS.rdfs;

type TermDef = string | { '@id': string; '@type'?: '@id'; '@container'?: '@set' };

const BASELINE_TERMS_RAW: Readonly<Record<string, TermDef>> = {
  ontologyId: { '@id': 'ioa:ontologyId', '@type': '@id' },
  capabilityRefs: { '@id': 'ioa:capabilityRefs', '@type': '@id', '@container': '@set' },
  intentRef: { '@id': 'ioa:intentRef', '@type': '@id' },
  alignmentRef: { '@id': 'ioa:alignmentRef', '@type': '@id' },
  domain: { '@id': 'ioa:domain', '@type': '@id' },
  sense: { '@id': 'ioa:sense', '@type': '@id' },
  hasCapability: { '@id': 'ioa:hasCapability', '@type': '@id' },
  providedBy: { '@id': 'ioa:providedBy', '@type': '@id' },
  hasIntent: { '@id': 'ioa:hasIntent', '@type': '@id' },
  hasContext: { '@id': 'ioa:hasContext', '@type': '@id' },
  requiresCapability: { '@id': 'ioa:requiresCapability', '@type': '@id' },
  hasProfile: { '@id': 'ioa:hasProfile', '@type': '@id' },
  inDomain: { '@id': 'ioa:inDomain', '@type': '@id' },
  appliesToDomain: { '@id': 'ioa:appliesToDomain', '@type': '@id' },
  ontologyVersion: 'ioa:ontologyVersion',
  profileVersion: 'ioa:profileVersion',
  profileContext: 'ioa:profileContext',
  termBindings: 'ioa:termBindings',
  term: 'ioa:term',
  inputs: 'ioa:inputs',
  outputs: 'ioa:outputs',
  sourceLang: 'ioa:sourceLang',
  targetLang: 'ioa:targetLang',
  abbr: 'ioa:abbr',
  preferredAbbr: 'ioa:preferredAbbr',
  label: 'rdfs:label',
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * The baseline inline context of Section 6.1, as printed (a `{"@context": …}` document). Frozen:
 * pass it to jsonld as is, or copy it to extend it.
 */
export const BASELINE_CONTEXT = deepFreeze({
  '@context': {
    '@version': 1.1,
    '@protected': true,
    ioa: IOA,
    rdfs: RDFS,
    ...BASELINE_TERMS_RAW,
  },
} as const);

/** Meaning of one baseline term: its absolute IRI and whether values are IRIs (`@type: @id`). */
export interface BaselineTerm {
  iri: string;
  iriValued: boolean;
}

const expandCompact = (value: string): string =>
  value.startsWith('ioa:') ? IOA + value.slice(4) : value.startsWith('rdfs:') ? RDFS + value.slice(5) : value;

/** Baseline term name → meaning, and the two baseline prefixes. */
export const BASELINE_TERMS: ReadonlyMap<string, BaselineTerm> = new Map(
  Object.entries(BASELINE_TERMS_RAW).map(([name, def]) => [
    name,
    typeof def === 'string' ? { iri: expandCompact(def), iriValued: false } : { iri: expandCompact(def['@id']), iriValued: true },
  ]),
);
export const BASELINE_PREFIXES: ReadonlyMap<string, string> = new Map([['ioa', IOA], ['rdfs', RDFS]]);

/** Absolute IRI → baseline term name (for messages and JSON paths). */
export const BASELINE_NAME_OF: ReadonlyMap<string, string> = new Map([...BASELINE_TERMS].map(([name, t]) => [t.iri, name]));
