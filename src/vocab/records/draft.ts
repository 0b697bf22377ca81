/**
 * The one shape every record layout is read into, and how it becomes a concept. Each layout
 * (mcp-server.ts, mcp-tools.ts, a2a.ts, oasf-record.ts, rows.ts) says what its record's name,
 * description, keywords and examples are; the concept is built here, the same way for all.
 */
import { addDefinition, emptyConcept, type Concept, type ConceptKind, type LabelSource } from '../../model/concept.js';
import type { DeclaredOasfTerm, RecordProvenance } from '../../model/record.js';
import type { JsonPathSegments } from '../../text/json.js';
import { splitIdentifier } from '../../text/identifiers.js';
import { addLabel, addUnique } from '../common.js';

/** A record as a layout reads it, before it is a concept. */
export interface RecordDraft {
  iri: string;
  kind: ConceptKind;
  /** What the IRI's last segment is called (the record's own identifier). */
  localName: string;
  /** Preferred names, best first (a title before a split identifier). */
  labels: Array<{ text: string; source: LabelSource }>;
  description?: string;
  keywords: string[];
  examples: string[];
  parameters: string[];
  /** Media types the record accepts and produces (A2A input and output modes). */
  inputs?: string[];
  outputs?: string[];
  /** Identifiers that are not the IRI: the record's own id, a slug. */
  alternativeIds: string[];
  notations?: string[];
  parents?: string[];
  declared?: DeclaredOasfTerm;
  provenance: Omit<RecordProvenance, 'file' | 'line'>;
  /** Where in its document the record is (for duplicate reports). */
  path: JsonPathSegments;
  /**
   * A registry list entry's own word on whether it is the server's latest version
   * (`_meta["io.modelcontextprotocol.registry/official"].isLatest`), when the entry gives one.
   */
  registryLatest?: boolean;
}

/** An empty draft to fill in. */
export function draft(init: Pick<RecordDraft, 'iri' | 'kind' | 'localName' | 'provenance' | 'path'>): RecordDraft {
  return { ...init, labels: [], keywords: [], examples: [], parameters: [], alternativeIds: [] };
}

/** The concept for a draft read from `file` (at `line`, when known). */
export function draftConcept(d: RecordDraft, file: string, line?: number): Concept {
  const concept = emptyConcept(d.iri, d.kind, d.localName);
  for (const label of d.labels) addLabel(concept, label.text, label.source);
  if (concept.labels.length === 0) addLabel(concept, splitIdentifier(d.localName), 'localName');
  // The description is the definition; tags and examples are description text too (Concept.keywords,
  // Concept.examples), read by the description generator and never matched as names.
  if (d.description) addDefinition(concept, d.description, 'dcterms:description');
  for (const keyword of d.keywords) if (keyword.trim()) addUnique(concept.keywords, keyword.trim());
  for (const example of d.examples) if (example.trim()) addUnique(concept.examples, example.trim());
  for (const id of d.alternativeIds) addUnique(concept.alternativeIds, id);
  for (const n of d.notations ?? []) addUnique(concept.notations, n);
  for (const p of d.parents ?? []) addUnique(concept.parents, p);
  for (const m of d.inputs ?? []) addUnique(concept.inputs, m);
  for (const m of d.outputs ?? []) addUnique(concept.outputs, m);
  concept.record = {
    parameters: [...d.parameters],
    ...(d.declared ? { declared: d.declared } : {}),
    provenance: { ...d.provenance, file, ...(line !== undefined ? { line } : {}) },
  };
  return concept;
}
