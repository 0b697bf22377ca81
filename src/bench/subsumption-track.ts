/**
 * Bio-ML-style subsumption tracks (He et al., "Machine Learning-Friendly Biomedical Datasets for
 * Equivalence and Subsumption Ontology Matching", ISWC 2022) built from an equivalence reference:
 * for a selection of reference cells `s = t`, the class `t` is deleted from the target ontology
 * and its named subclasses are re-attached to its named superclasses. The matcher then sees `s`
 * without its equivalent, and the right answers are `t`'s former superclasses: `s < p`
 * (`s skos:broadMatch p`) for each named parent `p` of `t`.
 *
 * Selection, deterministic and independent of any matcher: cells are taken in the order of
 * sha256(t); a cell is eligible when `t` has a named superclass and neither a parent nor a child
 * of `t` was selected before (every answer class survives, re-attachment is one level deep); of
 * the eligible cells every `every`-th is selected, so the target stays mostly intact. A selected
 * cell whose `s` has another equivalent in the target is then left out: its `t` is not deleted
 * and no answer is written for `s`.
 *
 * corpora/anatomy-subsumption/build.mjs runs this on OAEI anatomy; the output is committed and a
 * test checks that building again gives the same bytes.
 */
import { createHash } from 'node:crypto';
import type { Quad, Term } from '@rdfjs/types';
import { DataFactory, Writer, type Quad as N3Quad, type Quad_Subject as N3Subject } from 'n3';
import type { OntologyIndex } from '../model/ontology-index.js';
import { NS } from '../model/vocabulary.js';
import type { AlignmentCell } from '../ontology/alignment-reader.js';

export interface SubsumptionInput {
  source: OntologyIndex;
  target: OntologyIndex;
  /** The target ontology's triples, as read from its file. */
  targetQuads: readonly Quad[];
  /** The equivalence reference (source → target); only `=` cells are used. */
  cells: readonly AlignmentCell[];
  /** Select every n-th eligible cell (1 = all). */
  every: number;
  /** Namespace prefixes for the Turtle output. */
  prefixes?: Record<string, string>;
  /** First line of the Turtle output (a comment saying how it was made). */
  header?: string;
  /**
   * Name of the track's pair, written as the first column of the selection TSV when given (a
   * track of several pairs keeps one selection file).
   */
  pair?: string;
}

export interface SubsumptionSelection {
  subject: string;
  deleted: string;
  parents: string[];
}

export interface SubsumptionTrack {
  selected: SubsumptionSelection[];
  /** Reference cells considered and eligible, for the record. */
  cellsConsidered: number;
  /**
   * Sampled source subjects left out because the reference gives them more than one equivalent in
   * the target (their class is not deleted).
   */
  subjectsWithSeveralEquivalents: number;
  eligible: number;
  /** The pruned target ontology as Turtle, triples sorted. */
  turtle: string;
  /** The subsumption reference, Alignment API RDF/XML, relation `<`. */
  referenceRdf: string;
  /** One line per selected cell with labels, tab-separated. */
  selectionTsv: string;
}

const RDFS_SUBCLASS = `${NS.rdfs}subClassOf`;
const OWL_THING = `${NS.owl}Thing`;
/** Links from a class to nodes that belong to it alone (synonym and definition nodes). */
const OWNED_LINKS = new Set([
  `${NS.oboInOwl}hasRelatedSynonym`, `${NS.oboInOwl}hasExactSynonym`, `${NS.oboInOwl}hasBroadSynonym`,
  `${NS.oboInOwl}hasNarrowSynonym`, `${NS.oboInOwl}hasDefinition`,
]);

const PROPERTY_OR_INDIVIDUAL: ReadonlySet<string> = new Set(['objectProperty', 'datatypeProperty', 'annotationProperty', 'individual']);

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export async function buildSubsumptionTrack(input: SubsumptionInput): Promise<SubsumptionTrack> {
  const { source, target } = input;
  const namedParents = (iri: string): string[] => (target.byIri.get(iri)?.parents ?? []).filter((p) => p !== OWL_THING && target.byIri.has(p));
  const children = new Map<string, string[]>();
  for (const c of target.concepts) for (const p of c.parents) children.set(p, [...(children.get(p) ?? []), c.iri]);

  // Classes only: a property's parents are super-properties, and re-attachment moves subclasses.
  const isClass = (iri: string): boolean => target.byIri.get(iri)?.kind !== undefined && !PROPERTY_OR_INDIVIDUAL.has(target.byIri.get(iri)!.kind);
  const cells = input.cells
    .filter((c) => c.relation === '=' && isClass(c.entity2) && source.byIri.has(c.entity1) && namedParents(c.entity2).length > 0)
    .map((c) => ({ cell: c, order: sha(c.entity2) }))
    .sort((a, b) => compare(a.order, b.order) || compare(a.cell.entity1, b.cell.entity1))
    .map((x) => x.cell);

  const picked = new Set<string>();
  const blocked = new Set<string>();
  const sample: SubsumptionSelection[] = [];
  let eligible = 0;
  for (const cell of cells) {
    const t = cell.entity2;
    if (picked.has(t) || blocked.has(t)) continue;
    const parents = namedParents(t);
    if (parents.some((p) => picked.has(p)) || (children.get(t) ?? []).some((c) => picked.has(c))) continue;
    eligible += 1;
    if ((eligible - 1) % input.every !== 0) continue;
    picked.add(t);
    for (const p of parents) blocked.add(p);
    for (const c of children.get(t) ?? []) blocked.add(c);
    sample.push({ subject: cell.entity1, deleted: t, parents });
  }

  // The track asks "the equivalent was deleted: find the broader class", so a subject must have
  // exactly one equivalent in the target. With two (OAEI 1:n rows), deleting one leaves the other,
  // a right `=` answer, in the target while the reference asks only for `<`. Such subjects are
  // left out rather than losing every equivalent: the equivalents are often nested (cmt Conference
  // = conference Conference and its subclass Conference_volume), so one would be the other's
  // answer, and the broader classes would be a mix of several classes' parents. Every `=` cell
  // counts here, also those whose class has no named parent and so is never selected itself.
  // They are left out after the every-n-th sampling above, not before it, so that the sample of
  // the other subjects does not depend on them: the track is the plain sample minus these
  // subjects. Their classes stay in the target (neighbours they blocked stay unselected, which
  // only leaves more of the target intact).
  const equivalents = new Map<string, Set<string>>();
  for (const c of input.cells) {
    if (c.relation !== '=' || !target.byIri.has(c.entity2)) continue;
    equivalents.set(c.entity1, (equivalents.get(c.entity1) ?? new Set()).add(c.entity2));
  }
  const severalEquivalents = new Set([...equivalents].filter(([s, ts]) => ts.size > 1 && source.byIri.has(s)).map(([s]) => s));
  const selected = sample.filter((s) => !severalEquivalents.has(s.subject));
  const deleted = new Set(selected.map((s) => s.deleted));

  const quads = input.targetQuads;
  const owned = new Set(deleted);
  for (const q of quads) if (deleted.has(q.subject.value) && OWNED_LINKS.has(q.predicate.value)) owned.add(q.object.value);
  // Restrictions that name a deleted class ("part_of some t") go whole.
  const deadRestrictions = new Set(quads.filter((q) => q.subject.termType === 'BlankNode' && deleted.has(q.object.value)).map((q) => q.subject.value));
  const { namedNode, quad: makeQuad } = DataFactory;
  const kept: Quad[] = [];
  for (const q of quads) {
    if (owned.has(q.subject.value) || deadRestrictions.has(q.subject.value)) continue;
    if (q.object.termType === 'BlankNode' && deadRestrictions.has(q.object.value)) continue;
    if (owned.has(q.object.value)) {
      // A named subclass of a deleted class moves up to the deleted class's parents.
      if (q.predicate.value === RDFS_SUBCLASS && deleted.has(q.object.value)) {
        for (const p of namedParents(q.object.value)) kept.push(makeQuad(q.subject as N3Subject, namedNode(RDFS_SUBCLASS), namedNode(p)));
      }
      continue;
    }
    kept.push(q);
  }
  // Blank node labels come from the parser's counter, which depends on what it parsed before in
  // the same process: renumber them in order of first use so the output depends on the input alone.
  const blank = new Map<string, string>();
  const relabel = <T extends Term>(t: T): T => {
    if (t.termType !== 'BlankNode') return t;
    let label = blank.get(t.value);
    if (!label) blank.set(t.value, (label = `b${blank.size}`));
    return DataFactory.blankNode(label) as unknown as T;
  };
  for (let i = 0; i < kept.length; i++) {
    const q = kept[i]!;
    if (q.subject.termType === 'BlankNode' || q.object.termType === 'BlankNode') kept[i] = makeQuad(relabel(q.subject) as N3Subject, q.predicate as N3Quad['predicate'], relabel(q.object) as N3Quad['object']);
  }
  const termKey = (t: Term): string => (t.termType === 'Literal' ? `L:${t.value}\u0000${t.language}\u0000${t.datatype.value}` : `${t.termType[0]}:${t.value}`);
  const unique = new Map<string, Quad>();
  for (const q of kept) unique.set(`${termKey(q.subject)}\u0000${q.predicate.value}\u0000${termKey(q.object)}`, q);
  const sorted = [...unique.entries()].sort(([a], [b]) => compare(a, b)).map(([, q]) => q);

  const turtle = await new Promise<string>((resolve, reject) => {
    const writer = new Writer({ prefixes: input.prefixes ?? {} });
    writer.addQuads(sorted as N3Quad[]);
    writer.end((error, result) => (error ? reject(error) : resolve(result)));
  });

  const xml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const rows = selected.flatMap((s) => s.parents.map((p) => ({ subject: s.subject, object: p })))
    .sort((a, b) => compare(a.subject, b.subject) || compare(a.object, b.object));
  const referenceRdf = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<rdf:RDF xmlns="${NS.align}" xmlns:rdf="${NS.rdf}" xmlns:xsd="${NS.xsd}">`,
    '<Alignment>',
    '<xml>yes</xml>',
    '<level>0</level>',
    '<type>**</type>',
    ...rows.flatMap((r) => ['<map>', '\t<Cell>', `\t\t<entity1 rdf:resource="${xml(r.subject)}"/>`, `\t\t<entity2 rdf:resource="${xml(r.object)}"/>`, '\t\t<relation>&lt;</relation>', '\t</Cell>', '</map>']),
    '</Alignment>',
    '</rdf:RDF>',
    '',
  ].join('\n');

  const label = (index: OntologyIndex, iri: string): string => index.byIri.get(iri)?.labels[0]?.text ?? iri;
  const pairColumn = input.pair === undefined ? [] : [input.pair];
  const tsv = [[...(input.pair === undefined ? [] : ['pair']), 'source_subject', 'source_label', 'deleted_target_class', 'deleted_label', 'target_parents', 'parent_labels'].join('\t')];
  for (const s of [...selected].sort((a, b) => compare(a.subject, b.subject))) {
    tsv.push([...pairColumn, s.subject, label(source, s.subject), s.deleted, label(target, s.deleted), s.parents.join('|'), s.parents.map((p) => label(target, p)).join('|')].join('\t'));
  }

  return {
    selected,
    cellsConsidered: cells.length,
    subjectsWithSeveralEquivalents: new Set(sample.filter((s) => severalEquivalents.has(s.subject)).map((s) => s.subject)).size,
    eligible,
    turtle: `${input.header ? `# ${input.header}\n` : ''}${turtle}`,
    referenceRdf,
    selectionTsv: `${tsv.join('\n')}\n`,
  };
}

/**
 * Every n-th eligible cell of OAEI anatomy: 344 of 1,374, of which 337 stay once the subjects with
 * several equivalents are left out, so nine tenths of human.owl stay.
 */
export const ANATOMY_EVERY = 4;

/**
 * The anatomy-subsumption track from the OAEI anatomy folder (mouse.owl, human.owl,
 * reference.rdf): what corpora/anatomy-subsumption/ holds.
 */
export async function buildAnatomySubsumption(anatomyDir: string): Promise<SubsumptionTrack> {
  const { join } = await import('node:path');
  const { loadVocabulary } = await import('../ontology/dispatch.js');
  const { readRdfFile } = await import('../ontology/rdf-source.js');
  const { readAlignmentFile } = await import('../ontology/alignment-reader.js');
  const [source, target, reference, { quads }] = await Promise.all([
    loadVocabulary(join(anatomyDir, 'mouse.owl')),
    loadVocabulary(join(anatomyDir, 'human.owl')),
    readAlignmentFile(join(anatomyDir, 'reference.rdf')),
    readRdfFile(join(anatomyDir, 'human.owl')),
  ]);
  return buildSubsumptionTrack({
    source, target, targetQuads: quads, cells: reference.cells, every: ANATOMY_EVERY,
    prefixes: { human: 'http://human.owl#', owl: NS.owl, rdf: NS.rdf, rdfs: NS.rdfs, xsd: NS.xsd, oboInOwl: NS.oboInOwl },
    header: 'Generated by corpora/anatomy-subsumption/build.mjs from ../anatomy/human.owl (see README.md there). Do not edit.',
  });
}

/** One pair of a track built from a multi-pair equivalence track: its id and its files. */
export interface SubsumptionPair {
  id: string;
  track: SubsumptionTrack;
}

/**
 * The same construction on each pair of the OAEI conference track (every eligible class cell:
 * the ontologies are small). Each pair gets its own pruned copy of its target ontology, since one
 * ontology is the target of several pairs with different equivalents.
 */
export async function buildConferenceSubsumption(conferenceDir: string): Promise<SubsumptionPair[]> {
  const { join } = await import('node:path');
  const { readManifest } = await import('./manifest.js');
  const { loadVocabulary } = await import('../ontology/dispatch.js');
  const { readRdfFile } = await import('../ontology/rdf-source.js');
  const { readAlignmentFile } = await import('../ontology/alignment-reader.js');
  const manifest = await readManifest(join(conferenceDir, 'manifest.json'));
  const out: SubsumptionPair[] = [];
  for (const pair of manifest.pairs) {
    const [source, target, reference, { quads }] = await Promise.all([loadVocabulary(pair.source), loadVocabulary(pair.target), readAlignmentFile(pair.reference), readRdfFile(pair.target)]);
    const targetName = pair.target.split(/[\\/]/).pop();
    const track = await buildSubsumptionTrack({
      source, target, targetQuads: quads, cells: reference.cells, every: 1, pair: pair.id,
      prefixes: { owl: NS.owl, rdf: NS.rdf, rdfs: NS.rdfs, xsd: NS.xsd },
      header: `Generated by corpora/conference-subsumption/build.mjs from ../conference/ontologies/${targetName} for pair ${pair.id}. Do not edit.`,
    });
    out.push({ id: pair.id, track });
  }
  return out;
}

/**
 * The same construction on the OASF skills migration (1.0.0 → 1.1.0): its `=` rows name the 1.1.0
 * skills deleted from the 1.1.0 taxonomy, which is exported to Turtle in the ioa vocabulary
 * (src/ontology/export.ts) so it can be pruned like an ontology; every eligible cell is used.
 */
export async function buildAgentsSubsumption(agentsDir: string): Promise<SubsumptionTrack> {
  const { join } = await import('node:path');
  const { readManifest } = await import('./manifest.js');
  const { loadVocabulary } = await import('../ontology/dispatch.js');
  const { readAlignmentFile } = await import('../ontology/alignment-reader.js');
  const { vocabularyQuads } = await import('../ontology/export.js');
  const manifest = await readManifest(join(agentsDir, 'manifest.json'));
  const pair = manifest.pairs[0]!;
  const [source, target, reference] = await Promise.all([loadVocabulary(pair.source), loadVocabulary(pair.target), readAlignmentFile(pair.reference)]);
  return buildSubsumptionTrack({
    source, target, targetQuads: vocabularyQuads(target), cells: reference.cells, every: 1,
    prefixes: { ioa: NS.ioa, owl: NS.owl, rdf: NS.rdf, rdfs: NS.rdfs, skos: NS.skos, dcterms: NS.dcterms, oboInOwl: NS.oboInOwl, xsd: NS.xsd, skill: 'https://schema.oasf.outshift.com/1.1.0/skills/' },
    header: 'Generated by corpora/agents-subsumption/build.mjs from ../agents/oasf/v1.1.1/schema/skills (exported to the ioa vocabulary). Do not edit.',
  });
}
