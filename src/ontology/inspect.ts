import type { ConceptKind } from '../model/concept.js';
import { checkLoaded } from '../model/options.js';
import type { AxiomCounts } from '../model/axioms.js';
import { countByKind, type OntologyIndex } from '../model/ontology-index.js';
import { countLanguages, type LanguageCount } from './languages.js';
import { productsOfRecord } from '../generators/products.js';

export interface InspectionReport {
  source: string;
  ontologyIri: string | null;
  version: string | null;
  versionIri: string | null;
  /** Declarations per kind as the file states them (OAEI's published counts). */
  counts: Partial<Record<ConceptKind, number>>;
  /** Concepts that generators will match (built-ins such as owl:Thing left out). */
  matchable: Partial<Record<ConceptKind, number>>;
  concepts: number;
  coverage: {
    /** Share of concepts with a label from the source (not a split local name). */
    withSourceLabel: number;
    withSynonym: number;
    withAbbreviation: number;
    withDefinition: number;
    labels: number;
    synonyms: number;
    /** Language tags as written (lower-cased), sorted. */
    languages: string[];
  };
  /**
   * Labels and synonyms per content language: the tag, else the script (Han → zh), else English
   * for untagged Latin text. A name whose tag its script contradicts counts under its script.
   */
  labelLanguages: LanguageCount[];
  /**
   * The statements a coherence check reads (docs/coherence.md), counted as the file writes them;
   * null for a vocabulary source that states no axioms (OASF, Hugging Face tasks, agent cards).
   */
  axioms: AxiomCounts | null;
  /**
   * Agent records that name a product the `description` generator knows (generators/products.ts),
   * and the products named most; null where the source holds no agent record.
   */
  products: { records: number; naming: number; named: Array<{ product: string; records: number }>; more: boolean } | null;
  warnings: string[];
}

/** Products shown by name in a report, at most. */
const NAMED_PRODUCTS = 8;

function productReport(index: OntologyIndex): InspectionReport['products'] {
  const records = index.concepts.filter((c) => c.record);
  if (records.length === 0) return null;
  const count = new Map<string, number>();
  let naming = 0;
  for (const c of records) {
    const found = productsOfRecord(c);
    if (found.length) naming++;
    for (const m of found) count.set(m.name, (count.get(m.name) ?? 0) + 1);
  }
  const named = [...count].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([product, n]) => ({ product, records: n }));
  return { records: records.length, naming, named: named.slice(0, NAMED_PRODUCTS), more: named.length > NAMED_PRODUCTS };
}

const share = (n: number, total: number): number => (total === 0 ? 0 : Math.round((n / total) * 10_000) / 10_000);

export function inspectOntology(index: OntologyIndex): InspectionReport {
  checkLoaded(index, '$.index');
  const total = index.concepts.length;
  let withSourceLabel = 0, withSynonym = 0, withAbbreviation = 0, withDefinition = 0, labels = 0, synonyms = 0;
  const languages = new Set<string>();
  for (const c of index.concepts) {
    if (c.labels.some((l) => l.source !== 'localName')) withSourceLabel++;
    if (c.synonyms.length) withSynonym++;
    if (c.abbreviations.length) withAbbreviation++;
    if (c.definitions.length) withDefinition++;
    labels += c.labels.length;
    synonyms += c.synonyms.length;
    for (const l of [...c.labels, ...c.synonyms]) if (l.lang) languages.add(l.lang);
  }
  return {
    source: index.source,
    ontologyIri: index.iri ?? null,
    version: index.version ?? null,
    versionIri: index.versionIri ?? null,
    counts: index.declaredCounts,
    matchable: countByKind(index.concepts),
    concepts: total,
    coverage: {
      withSourceLabel: share(withSourceLabel, total),
      withSynonym: share(withSynonym, total),
      withAbbreviation: share(withAbbreviation, total),
      withDefinition: share(withDefinition, total),
      labels,
      synonyms,
      languages: [...languages].sort(),
    },
    labelLanguages: countLanguages(index.concepts),
    axioms: index.axioms ? { ...index.axioms.counts } : null,
    products: productReport(index),
    warnings: index.warnings,
  };
}

export function formatInspection(r: InspectionReport): string {
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `source       ${r.source}`,
    `ontology     ${r.ontologyIri ?? '(none declared)'}`,
    `version      ${r.version ?? '(none)'}${r.versionIri ? `  (${r.versionIri})` : ''}`,
    'declared     ' + Object.entries(r.counts).map(([k, n]) => `${k} ${n}`).join(', '),
    `matchable    ${r.concepts} concepts`,
    `labels       ${r.coverage.labels} (${pct(r.coverage.withSourceLabel)} of concepts have a label of their own; the rest use the split local name)`,
    `synonyms     ${r.coverage.synonyms} (${pct(r.coverage.withSynonym)} of concepts)`,
    `abbreviations ${pct(r.coverage.withAbbreviation)} of concepts   definitions ${pct(r.coverage.withDefinition)}`,
    `languages    ${r.coverage.languages.length ? r.coverage.languages.join(', ') : '(untagged)'}`,
  ];
  for (const l of r.labelLanguages) {
    const basis = [l.byTag ? `${l.byTag} by tag${l.tags.length ? ` (${l.tags.map((t) => `@${t}`).join(' ')})` : ''}` : '', l.byScript ? `${l.byScript} by script` : '', l.byDefault ? `${l.byDefault} untagged Latin` : ''].filter(Boolean).join(', ');
    lines.push(`  ${l.language.padEnd(10)} ${l.labels} labels, ${l.synonyms} synonyms on ${l.concepts} concepts (${basis}); e.g. ${l.examples.map((e) => JSON.stringify(e)).join(', ')}`);
  }
  if (r.axioms) {
    const a = r.axioms;
    lines.push(`axioms       subClassOf ${a.subClassOf}, equivalentClass ${a.equivalentClass}; disjointness: disjointWith ${a.disjointWith}, AllDisjointClasses ${a.allDisjointClasses}, disjointUnionOf ${a.disjointUnionOf}, complementOf ${a.complementOf} (${a.disjointPairs} disjoint pairs)`);
    lines.push(`             domain ${a.domain}, range ${a.range}, inverseOf ${a.inverseOf}, subPropertyOf ${a.subPropertyOf}, equivalentProperty ${a.equivalentProperty}, existential restrictions ${a.existential}`);
  }
  if (r.products) {
    const p = r.products;
    const examples = p.named.map((n) => `${n.product} ${n.records}`).join(', ');
    lines.push(`products     ${p.naming} of ${p.records} records name a product the description generator knows${examples ? ` (${examples}${p.more ? ', …' : ''})` : ''}; --no-products leaves that out`);
  }
  for (const w of r.warnings.slice(0, 20)) lines.push(`warning      ${w}`);
  if (r.warnings.length > 20) lines.push(`warning      … and ${r.warnings.length - 20} more`);
  return lines.join('\n');
}
