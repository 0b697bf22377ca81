/**
 * `description`: evidence from what concepts' descriptions say, where names fall short (renamed
 * skills, terse identifiers, abbreviations spelt out in a comment). Descriptions are a concept's
 * definitions (IAO:0000115, skos:definition, dcterms:description, prose rdfs:comment; OASF,
 * Hugging Face, A2A and MCP description fields), its keywords and its examples (see
 * docs/relations.md, "Descriptions").
 *
 * Three comparisons, each BM25-weighted (Robertson & Zaragoza 2009: saturated term frequency,
 * document length normalised, inverse document frequency over the names and descriptions of
 * both ontologies, so it does not depend on which side is the source):
 * - **name → description**: how much of a subject's name the target's description contains, the
 *   name's words weighted by their rarity (`"Call for papers"` in the comment of `CfP`);
 * - **description → name**: how much of the target's name the subject's description contains;
 * - **description ↔ description**: cosine of the two descriptions' BM25 vectors.
 * A pair's raw score combines the three (noisy-or) times the fields' weights; it is a
 * similarity, never a confidence. The candidate is `skos:closeMatch`, or `skos:exactMatch` when
 * one side's description is the other side's name (a comment that spells out an abbreviation).
 *
 * **Direction** (description-text.ts): a target whose description lists the subject's name
 * among its cases is broader (`skos:broadMatch`), a subject whose description lists the target's
 * name is broader than it (`skos:narrowMatch`); the genus of a genus–differentia definition
 * names a broader concept (subject's genus = target's name: broadMatch; the reverse:
 * narrowMatch).
 *
 * **Boilerplate**: a phrase one side's descriptions repeat and the other side never says (a
 * registry's "A Model Context Protocol (MCP) server that …") tells no concept of that side from
 * another; its words are left out of that side's descriptions, and a genus made of it names the
 * kind of record, not a broader concept (description-text.ts, boilerplatePhrases).
 *
 * Words are content words stemmed as every lexical generator stems them; queries run through
 * the inverted index of blocking.ts, rarest words first within a postings budget, so the cost
 * grows with the descriptions, not with source × target. An ontology pair where neither side has
 * a description costs the names' preparation and nothing more.
 */
import type { Candidate, Evidence, MappingJustification, MappingRelation } from '../model/mapping.js';
import { BROAD_MATCH, CLOSE_MATCH, EXACT_MATCH, NARROW_MATCH } from '../model/mapping.js';
import { definitionSource, PRODUCT_DESCRIPTION_FIELD } from '../model/concept.js';
import { productDescription, productsOfRecord } from './products.js';
import type { OntologyIndex } from '../model/ontology-index.js';
import { DEFAULT_BUDGET, InvertedIndex, type PackedArrays, type SparseVector } from './blocking.js';
import { pairsWithItself, positiveOption, rankVotes, checkSettings } from './common.js';
import { boilerplatePhrases, contentStems, contentStemsOf, descriptionCases, descriptionGenus, nameKey, withoutBoilerplate, withoutGenericStems, type Phrase } from './description-text.js';
import { ellipsize } from '../text/cut.js';
import { contentWords, stem, words } from '../text/normalize.js';
import { wordNetDerivations, type DerivationLexicon } from './wordnet-lexicon.js';
import { DESCRIPTION_ENCODERS, openDescriptionEncoder, type DescriptionEncoder, type DescriptionEncoderName } from './description-encoder.js';
import { IoaError } from '../model/errors.js';
import { hierarchyOf } from './hierarchy.js';
import { prepareOntology, type KindGroup, type PreparedOntology, type TextEntry } from './lexical-index.js';
import { PACE, paceTurn } from './pacing.js';
import { defineGenerator, type Generator, type GeneratorConfig, type GeneratorOptions } from './types.js';

const IDENTITY = {
  name: 'description',
  measure: 'bm25-description-similarity',
  justification: 'semapv:LexicalSimilarityThresholdMatching' satisfies MappingJustification,
} as const;

/** BM25's usual constants: term-frequency saturation and the share of length normalisation. */
const K1 = 1.2;
const B = 0.75;
/** Descriptions of each kind read per concept. */
const MAX_EXAMPLES = 5;
/** Evidence quotes a description up to this many characters. */
const QUOTE_CHARS = 240;
/** Target texts fetched per query before concepts are scored. */
const QUERY_LIMIT = 48;
/** Field weights: a definition says what the concept is; keywords and examples, what it is about. */
const DESCRIPTION_WEIGHT = { definition: 1, keywords: 0.8, example: 0.6, product: 1 } as const;
/**
 * What an agent record says of its own kind, not of what it does: the MCP registry's "A Model
 * Context Protocol (MCP) server that …" ("server" reads as OASF's "serving").
 */
const RECORD_KIND_PHRASES = ['model context protocol', 'context protocol server', 'protocol mcp server', 'mcp server', 'protocol server'];
/** Weight of each comparison in a pair's score (noisy-or): a description of the other's name says more than resemblance. */
const CHANNEL_WEIGHT = { nameInDescription: 0.9, descriptionHasName: 0.9, descriptions: 1, encoder: 0.8 } as const;
/** Source × target concepts with descriptions the encoder compares all with all, at most (beyond: a warning, no encoder). */
const ENCODER_PAIRS = 25_000_000;
/**
 * How much a name says when it is found in a description: 1 − e^(−Σ idf / SPECIFICITY_SCALE) over
 * its distinct words, so one common word found says little and several rare ones much (fused
 * agents subsumption Hits@1 0.444 without it, 0.457 at 4, 0.444 at 8).
 */
const SPECIFICITY_SCALE = 4;
/** Votes of the direction patterns: a listed case or a named genus, times how much of the phrase the name covers. */
const CASE_VOTE = 0.85;
const GENUS_VOTE = 0.85;
/** The head of a genus phrase alone ("A six-legged animal": Animal) is broader too, and said less precisely. */
const GENUS_HEAD_VOTE = 0.7;
/**
 * Share of a description neighbour's score that its parents get as broader candidates: what the
 * subject is described like sits where the subject sits (a sibling, or the equivalent itself).
 */
const SIBLING_SHARE = 0.6;
/** Description neighbours whose parents are voted for, and the score they need. */
const SIBLING_NEIGHBOURS = 5;
const SIBLING_FROM = 0.5;

/** Evidence fields of the texts that are not definitions (definitions carry their annotation's CURIE). */
export const KEYWORDS_FIELD = 'schema:keywords';
export const EXAMPLE_FIELD = 'skos:example';


/** One description of one concept, read. */
interface DescriptionDoc {
  concept: number;
  group: KindGroup;
  text: string;
  /** Evidence field: the definition's annotation (`IAO:0000115` …), `schema:keywords` or `skos:example`. */
  field: string;
  weight: number;
  stems: string[];
  /** Its content words as written (for the derivation lookups). */
  words: string[];
  /** Only for definitions: the cases it lists and the genus it names. */
  cases: Phrase[];
  genus?: Phrase | undefined;
  /**
   * What a tool product the record names is (products.ts, Product.tool): its genus names the
   * activity the record does, an equivalent rather than a broader class.
   */
  tool: boolean;
}

interface Descriptions {
  docs: DescriptionDoc[];
  /** Doc ids of each concept. */
  of: number[][];
}

/** Descriptions read per prepared ontology, with and without what named products are. */
const described = { products: new WeakMap<PreparedOntology, Descriptions>(), plain: new WeakMap<PreparedOntology, Descriptions>() };

/** The descriptions of a prepared ontology's concepts, read once per prepared ontology (and `products` setting). */
function descriptionsOf(prepared: PreparedOntology, products: boolean): Descriptions {
  const cache = products ? described.products : described.plain;
  let found = cache.get(prepared);
  if (found) return found;
  const docs: DescriptionDoc[] = [];
  const of: number[][] = [];
  prepared.concepts.forEach((c, ci) => {
    const mine: number[] = [];
    const group = prepared.entries[prepared.entriesOf[ci]![0] ?? -1]?.group;
    const add = (text: string, field: string, weight: number, definition: boolean, tool = false): void => {
      if (group === undefined) return; // a concept without names is never a subject or an object
      const all = words(text);
      const stems = contentStemsOf(all);
      if (stems.length === 0) return;
      mine.push(docs.length);
      docs.push({ concept: ci, group, text, field, weight, stems, words: contentWords(all), cases: definition ? descriptionCases(text) : [], genus: definition ? descriptionGenus(text) : undefined, tool });
    };
    c.definitions.forEach((d, i) => add(d, definitionSource(c, i), DESCRIPTION_WEIGHT.definition, true));
    if (c.keywords.length > 0) add(c.keywords.join(', '), KEYWORDS_FIELD, DESCRIPTION_WEIGHT.keywords, false);
    for (const e of c.examples.slice(0, MAX_EXAMPLES)) add(e, EXAMPLE_FIELD, DESCRIPTION_WEIGHT.example, false);
    // An agent record that names a well-known product is also described by what the product is.
    if (products) for (const { product, name } of productsOfRecord(c)) add(productDescription(product, name), PRODUCT_DESCRIPTION_FIELD, DESCRIPTION_WEIGHT.product, true, product.tool);
    of.push(mine);
  });
  found = { docs, of };
  cache.set(prepared, found);
  return found;
}

/** Names that stand for the concept (broad and narrow synonyms name other concepts). */
const usable = (e: TextEntry): boolean => e.field !== 'synonym:broad' && e.field !== 'synonym:narrow' && e.stems.length > 0;

/**
 * Feature ids (`group` + stem, so kinds stay apart) and document frequencies over every text of
 * both ontologies: names and descriptions.
 */
class Vocabulary {
  private readonly ids = new Map<string, number>();
  readonly df: number[] = [];
  texts = 0;

  id(group: string, stem: string): number {
    const key = `${group}\u0000${stem}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.df.length;
      this.ids.set(key, id);
      this.df.push(0);
    }
    return id;
  }

  /** Count one text's distinct features; returns its features in order. */
  count(group: string, stems: readonly string[]): number[] {
    this.texts++;
    const out = stems.map((s) => this.id(group, s));
    for (const f of new Set(out)) this.df[f]!++;
    return out;
  }

  /** BM25 inverse document frequency (the "+1" form, never negative). */
  idf(feature: number): number {
    const df = this.df[feature] ?? 0;
    return Math.log(1 + (this.texts - df + 0.5) / (df + 0.5));
  }
}

/** Sparse vectors laid end to end, as the inverted index takes them. */
function packVectors(vectors: readonly SparseVector[]): PackedArrays {
  const offsets = new Int32Array(vectors.length + 1);
  for (let v = 0; v < vectors.length; v++) offsets[v + 1] = offsets[v]! + vectors[v]!.ids.length;
  const ids = new Int32Array(offsets[vectors.length]!);
  const weights = new Float32Array(ids.length);
  vectors.forEach((v, i) => {
    ids.set(v.ids, offsets[i]!);
    weights.set(v.weights, offsets[i]!);
  });
  return { offsets, ids, weights };
}

/** A sparse vector from feature → weight, ids ascending. */
function sparse(weights: ReadonlyMap<number, number>): SparseVector {
  const ids = Int32Array.from(weights.keys()).sort();
  return { ids, weights: Float32Array.from(ids, (id) => weights.get(id)!) };
}

const termCounts = (features: readonly number[]): Map<number, number> => {
  const counts = new Map<number, number>();
  for (const f of features) counts.set(f, (counts.get(f) ?? 0) + 1);
  return counts;
};

/** BM25's saturated term frequency of a term in a text of `length` features. */
const saturated = (tf: number, length: number, average: number): number => (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average));

export interface DescriptionConfig {
  /** Postings a query may visit (blocking bound, as `tfidf`). */
  budget?: number;
  /** Where derivationally related words come from (WordNet 3.1 by default); `false` for none. */
  derivations?: DerivationLexicon | false;
  /**
   * A sentence encoder whose cosine of two descriptions is a fourth comparison (`--encoder`; none
   * by default), by name or as an object (tests inject one).
   */
  encoder?: DescriptionEncoderName | DescriptionEncoder;
  /**
   * Read what a well-known product an agent record names is (products.ts; default true;
   * `--no-products` leaves ioa-align's own knowledge out, so only the records' words count).
   */
  products?: boolean;
}

export default defineGenerator((config?: GeneratorConfig): Generator => {
  checkSettings(config, 'description', { budget: 'positive', derivations: 'any', encoder: 'any', products: 'any' });
  const budget = positiveOption(config, 'budget', DEFAULT_BUDGET);
  const configured = config?.derivations as DerivationLexicon | false | undefined;
  const lexicon = configured === false ? undefined : (configured ?? wordNetDerivations());
  const chosen = config?.encoder;
  const injected = typeof chosen === 'object' && chosen !== null && typeof (chosen as Partial<DescriptionEncoder>).embed === 'function' ? (chosen as DescriptionEncoder) : undefined;
  if (chosen !== undefined && !injected && !(DESCRIPTION_ENCODERS as readonly unknown[]).includes(chosen)) {
    throw new IoaError('E_USAGE', `description generator: encoder must be one of ${DESCRIPTION_ENCODERS.join(', ')}, got ${JSON.stringify(chosen)}`, { path: '$.generatorConfig.description.encoder' });
  }
  let encoder: Promise<DescriptionEncoder> | undefined = injected ? Promise.resolve(injected) : undefined;
  const openEncoder = (onWait?: (message: string) => void): Promise<DescriptionEncoder> | undefined => {
    if (chosen === undefined) return undefined;
    if (encoder === undefined) {
      // The encoder loads while the lexical work runs and is awaited only after it: a failure to
      // open it (the embedding packages missing) must wait for that await as the run's one error,
      // not end the process as an unhandled rejection in the meantime.
      encoder = openDescriptionEncoder(chosen as DescriptionEncoderName, onWait);
      encoder.catch(() => undefined);
    }
    return encoder;
  };
  const encoderName = injected?.name ?? (chosen as string | undefined);
  if (config?.products !== undefined && typeof config.products !== 'boolean') {
    throw new IoaError('E_USAGE', `description generator: products must be true or false, got ${JSON.stringify(config.products)}`, { path: '$.products' });
  }
  const products = config?.products !== false;
  return {
    ...IDENTITY,
    ...(encoderName !== undefined ? { modelId: `encoder:${encoderName}` } : {}),
    propose: (source, target, options) => proposeDescriptions(source, target, options, budget, lexicon, openEncoder(options.onWarning), products),
  };
});

/**
 * One stem for the words WordNet derives from one another ("analyzing", "analysis": Porter gives
 * `analyz` and `analysi`): the stems of each word and its derivationally related forms are joined
 * (union–find), and every stem of a group is read as its shortest one (then the first in
 * alphabetical order), so the same words always give the same stem.
 */
async function derivationalStems(surface: Iterable<string>, lexicon: DerivationLexicon | undefined): Promise<(stem: string) => string> {
  if (!lexicon) return (x) => x;
  const terms = [...new Set(surface)].filter((w) => /^[a-z]{3,}$/.test(w)).sort();
  const related = await lexicon.derivations(terms);
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    // Path compression: every stem on the way points at the root.
    for (let at = x; at !== root;) {
      const next = parent.get(at)!;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  const before = (a: string, b: string): boolean => a.length < b.length || (a.length === b.length && a < b);
  for (const [term, forms] of related) {
    const x = stem(term);
    for (const form of forms) {
      const y = stem(form);
      // WordNet's derivations reach far ("contain" → "content"): a form counts when its stem and
      // the word's agree but for the last two letters of the shorter ("analyz" / "analysi").
      if (!closeStems(x, y)) continue;
      const a = find(x);
      const b = find(y);
      if (a === b) continue;
      if (before(a, b)) parent.set(b, a);
      else parent.set(a, b);
    }
  }
  const canonical = new Map<string, string>();
  for (const x of parent.keys()) canonical.set(x, find(x));
  return (x) => canonical.get(x) ?? x;
}

/** The combined vote for one (relation, object) of one subject. */
interface Vote {
  relation: MappingRelation;
  object: number;
  score: number;
  /** Best score per comparison (equivalence votes), for the noisy-or; the fourth is the encoder's. */
  channels: [number, number, number, number];
  evidence: Evidence[];
}

const MAX_EVIDENCE = 3;
/**
 * A vote's score: the noisy-or of its comparisons, each of which says something the others do
 * not (agents track, description alone: Hits@1 0.642 with noisy-or, 0.627 with the mean, 0.448
 * with the maximum).
 */
function combined(v: Vote): number {
  const [c0, c1, c2, c3] = v.channels;
  return round(1 - (1 - c0) * (1 - c1) * (1 - c2) * (1 - c3));
}
const round = (x: number): number => Math.round(x * 1e9) / 1e9;
const quote = (text: string): string => ellipsize(text, QUOTE_CHARS);

async function* proposeDescriptions(sourceIndex: OntologyIndex, targetIndex: OntologyIndex, options: GeneratorOptions, budget: number, lexicon: DerivationLexicon | undefined, encoder: Promise<DescriptionEncoder> | undefined, products: boolean): AsyncGenerator<Candidate> {
  const src = prepareOntology(sourceIndex, options.crossKind);
  const tgt = prepareOntology(targetIndex, options.crossKind);
  for (const w of new Set([...src.warnings, ...tgt.warnings])) options.onWarning?.(w);
  options.signal?.throwIfAborted();
  const total = src.concepts.length;
  options.onProgress?.(0, total);
  const srcDocs = descriptionsOf(src, products);
  const tgtDocs = descriptionsOf(tgt, products);
  // Without a description on either side there is nothing to read.
  if (srcDocs.docs.length === 0 && tgtDocs.docs.length === 0) {
    options.onProgress?.(total, total);
    return;
  }

  // Words WordNet derives from one another read as one stem, on both sides.
  // Looked up: the words of names and of the phrases descriptions list or name (a description's
  // other words take the joined stem when a name's word brought it in). Every word of every
  // description would cost a lookup per distinct word of large, richly defined ontologies.
  const surface = new Set<string>();
  for (const side of [src, tgt]) for (const e of side.entries) for (const w of e.content) surface.add(w);
  for (const side of [srcDocs, tgtDocs]) {
    for (const d of side.docs) for (const p of d.genus ? [...d.cases, d.genus] : d.cases) for (const w of words(p.text)) surface.add(w);
  }
  const canon = await derivationalStems(surface, lexicon);
  options.signal?.throwIfAborted();
  const stemsOf = (stems: readonly string[]): string[] => stems.map(canon);
  // Generic words leave before derivations join stems: "Static Application Security Testing"
  // keys as "secur static test", as the genus "a static application security testing tool" does.
  const keyOf = (stems: readonly string[]): string => nameKey(stemsOf(withoutGenericStems(stems)));

  // One vocabulary and one set of document frequencies over both sides' names and descriptions.
  const vocabulary = new Vocabulary();
  const srcNames = src.entries.map((e) => (usable(e) ? vocabulary.count(e.group, stemsOf(e.stems)) : []));
  const tgtNames = tgt.entries.map((e) => (usable(e) ? vocabulary.count(e.group, stemsOf(e.stems)) : []));
  // Each side's descriptions without the phrases that side repeats and the other never says
  // (a registry's "Model Context Protocol server" in every record): they tell no concept apart.
  const srcDocStems = srcDocs.docs.map((d) => stemsOf(d.stems));
  const tgtDocStems = tgtDocs.docs.map((d) => stemsOf(d.stems));
  const describedBy = (docs: Descriptions, stems: readonly string[][]): string[][][] => docs.of.map((ids) => ids.map((d) => stems[d]!));
  const textsOf = (side: PreparedOntology, docs: Descriptions, stems: readonly string[][]): string[][][] =>
    side.concepts.map((_, c) => [...side.entriesOf[c]!.flatMap((e) => (usable(side.entries[e]!) ? [stemsOf(side.entries[e]!.stems)] : [])), ...docs.of[c]!.map((d) => stems[d]!)]);
  // Agent records name their own kind ("an MCP server that …") in any number: known phrases.
  const recordKind = new Set(RECORD_KIND_PHRASES.map((p) => stemsOf(contentStemsOf(words(p))).join(' ')));
  const kindOf = (side: PreparedOntology): Set<string> => (side.concepts.some((c) => c.record !== undefined) ? recordKind : new Set());
  const srcBoilerplate = boilerplatePhrases(describedBy(srcDocs, srcDocStems), textsOf(tgt, tgtDocs, tgtDocStems), kindOf(src));
  const tgtBoilerplate = boilerplatePhrases(describedBy(tgtDocs, tgtDocStems), textsOf(src, srcDocs, srcDocStems), kindOf(tgt));
  const srcDocFeatures = srcDocs.docs.map((d, i) => vocabulary.count(d.group, withoutBoilerplate(srcDocStems[i]!, srcBoilerplate)));
  const tgtDocFeatures = tgtDocs.docs.map((d, i) => vocabulary.count(d.group, withoutBoilerplate(tgtDocStems[i]!, tgtBoilerplate)));
  const idf = Float64Array.from(vocabulary.df, (_, f) => vocabulary.idf(f));
  const features = vocabulary.df.length;
  const allDocs = [...srcDocFeatures, ...tgtDocFeatures];
  const averageLength = allDocs.reduce((n, d) => n + d.length, 0) / Math.max(1, allDocs.length);

  /** How much a name says (see SPECIFICITY_SCALE). */
  const specificity = (fs: readonly number[]): number => {
    let sum = 0;
    for (const f of new Set(fs)) sum += idf[f]!;
    return 1 - Math.exp(-sum / SPECIFICITY_SCALE);
  };
  /** A name as a query or a document: each distinct word by its rarity, summing to 1. */
  const nameVector = (fs: readonly number[]): SparseVector => {
    const distinct = new Set(fs);
    let sum = 0;
    for (const f of distinct) sum += idf[f]!;
    const w = new Map<number, number>();
    for (const f of distinct) w.set(f, sum > 0 ? idf[f]! / sum : 0);
    return sparse(w);
  };
  /** A description as a document a name is looked for in: BM25's saturated term frequencies. */
  const saturatedVector = (fs: readonly number[]): SparseVector => {
    const w = new Map<number, number>();
    for (const [f, tf] of termCounts(fs)) w.set(f, saturated(tf, fs.length, averageLength));
    return sparse(w);
  };
  /** A description compared with another: BM25 weights, unit length (cosine). */
  const bm25Vector = (fs: readonly number[]): SparseVector => {
    const w = new Map<number, number>();
    let norm = 0;
    for (const [f, tf] of termCounts(fs)) {
      const x = saturated(tf, fs.length, averageLength) * idf[f]!;
      w.set(f, x);
      norm += x * x;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [f, x] of w) w.set(f, x / norm);
    return sparse(w);
  };

  /** The keys a genus names a concept by: the whole phrase, and its head alone. */
  const genusKeys = (genus: Phrase): Array<[key: string, vote: number]> => {
    const full = keyOf(genus.stems);
    if (!genus.head) return [[full, GENUS_VOTE]];
    const head = keyOf([genus.head]);
    return head && head !== full ? [[full, GENUS_VOTE], [head, GENUS_HEAD_VOTE]] : [[full, GENUS_VOTE]];
  };
  // What each text's comparisons ask again and again, worked out once: its words as a set (a
  // description that is the other side's name has the same set), its phrase key (names), the
  // keys of its genus (definitions), a name's specificity.
  const wordSet = (stems: readonly string[]): string => [...new Set(stemsOf(stems))].sort().join(' ');
  const srcEntryWords = src.entries.map((e) => (usable(e) ? wordSet(e.stems) : ''));
  const tgtEntryWords = tgt.entries.map((e) => (usable(e) ? wordSet(e.stems) : ''));
  const srcEntryKey = src.entries.map((e) => (usable(e) ? keyOf(e.stems) : ''));
  const tgtEntryKey = tgt.entries.map((e) => (usable(e) ? keyOf(e.stems) : ''));
  const srcSpecificity = srcNames.map(specificity);
  const tgtSpecificity = tgtNames.map(specificity);
  const srcDocWords = srcDocs.docs.map((d) => wordSet(d.stems));
  const tgtDocWords = tgtDocs.docs.map((d) => wordSet(d.stems));
  // A genus made of its side's boilerplate names the kind of record ("A Model Context Protocol
  // server that …"), not a broader concept.
  const namesKind = (genus: Phrase, boilerplate: ReadonlySet<string>): boolean => boilerplate.size > 0 && withoutBoilerplate(stemsOf(contentStems(genus.text)), boilerplate).length === 0;
  const srcGenusKeys = srcDocs.docs.map((d) => (d.genus && !namesKind(d.genus, srcBoilerplate) ? genusKeys(d.genus) : []));
  const tgtGenusKeys = tgtDocs.docs.map((d) => (d.genus && !namesKind(d.genus, tgtBoilerplate) ? genusKeys(d.genus) : []));

  /** The stems of a concept's first name, as phrase keys read them: what a case it lists leaves implied. */
  const ownStems = (side: PreparedOntology, concept: number): string[] => {
    const first = side.entries[side.entriesOf[concept]![0] ?? -1];
    return first ? nameKey(stemsOf(first.stems)).split(' ').filter(Boolean) : [];
  };
  // The three target indexes: descriptions as containers of names, names, descriptions as BM25 vectors.
  const tgtSaturated = tgtDocFeatures.map(saturatedVector);
  const descriptionIndex = new InvertedIndex(features, packVectors(tgtSaturated));
  const tgtNameVectors = tgtNames.map(nameVector);
  const nameIndex = new InvertedIndex(features, packVectors(tgtNameVectors));
  const tgtBm25 = tgtDocFeatures.map(bm25Vector);
  const bm25Index = new InvertedIndex(features, packVectors(tgtBm25));

  // Direction: target descriptions by the keys of the cases they list; target names by key; target
  // definitions by the key of their genus.
  const casesByKey = new Map<string, Array<[doc: number, phrase: Phrase]>>();
  const genusByKey = new Map<string, Array<[doc: number, vote: number]>>();
  tgtDocs.docs.forEach((d, i) => {
    const own = ownStems(tgt, d.concept);
    for (const c of d.cases) for (const k of caseKeys(stemsOf(c.stems), own)) push(casesByKey, `${d.group}\u0000${k}`, [i, c]);
    for (const [k, v] of tgtGenusKeys[i]!) push(genusByKey, `${d.group}\u0000${k}`, [i, v]);
  });
  const tgtNameKeys = new Map<string, number[]>();
  tgt.entries.forEach((e, i) => {
    if (!usable(e)) return;
    const k = keyOf(e.stems);
    if (k) push(tgtNameKeys, `${e.group}\u0000${k}`, i);
  });

  const tgtTree = hierarchyOf(tgt);
  const labels: Array<string | undefined> = new Array(tgt.concepts.length);
  const label = (t: number): string => (labels[t] ??= tgt.entries[tgt.entriesOf[t]![0] ?? -1]?.text ?? tgt.concepts[t]!.localName);
  const sameConcept = new Int32Array(tgt.concepts.length).fill(-1);
  tgt.concepts.forEach((c, t) => (sameConcept[t] = src.position.get(c.iri) ?? -1));

  const encoded = encoder ? await encoderNeighbours(await encoder, srcDocs, tgtDocs, options) : undefined;

  for (let s = 0; s < total; s++) {
    if (s % PACE === 0) await paceTurn(s, total, options);
    const names = src.entriesOf[s]!.filter((e) => usable(src.entries[e]!));
    if (names.length === 0) continue;
    const votes = new Map<number, Vote>();
    // Evidence is made only for a vote that keeps it (most hits add to a vote's score only).
    const vote = (relation: MappingRelation, object: number, score: number, channel: number, made: () => Evidence): void => {
      if (!(score > 0) || (sameConcept[object] === s && !pairsWithItself(tgt.concepts[object]!, options.pairSameIri))) return;
      const key = object * 3 + (relation === BROAD_MATCH ? 1 : relation === NARROW_MATCH ? 2 : 0);
      let v = votes.get(key);
      if (!v) votes.set(key, (v = { relation, object, score: 0, channels: [0, 0, 0, 0], evidence: [] }));
      const before = v.channels[channel]!;
      if (score > before) v.channels[channel] = Math.min(1, score);
      if (relation === EXACT_MATCH && v.relation !== EXACT_MATCH) {
        // What makes the candidate exact leads its evidence (readers, and the record relation
        // rule, look for it there), even where weaker texts filled the list first.
        v.relation = EXACT_MATCH;
        const e = made();
        v.evidence = [e, ...v.evidence.filter((x) => x.subjectText !== e.subjectText || x.objectText !== e.objectText)].slice(0, MAX_EVIDENCE);
        return;
      }
      if (v.evidence.length >= MAX_EVIDENCE) return;
      const e = made();
      if (!v.evidence.some((x) => x.subjectText === e.subjectText && x.objectText === e.objectText)) v.evidence.push(e);
    };
    const ownDocs = srcDocs.of[s]!;

    // Name → description: the subject's names in the targets' descriptions.
    for (const e of names) {
      const a = src.entries[e]!;
      const k = srcEntryKey[e]!;
      const hits = descriptionIndex.query(nameVector(srcNames[e]!), budget, QUERY_LIMIT);
      for (let i = 0; i < hits.docs.length; i++) {
        const doc = hits.docs[i]!;
        const d = tgtDocs.docs[doc]!;
        // A definition names its genus: that is a broader concept (below), not a similar one.
        if (tgtGenusKeys[doc]!.some(([g]) => g === k)) continue;
        const score = hits.scores[i]! * a.weight * d.weight * srcSpecificity[e]!;
        const relation = srcEntryWords[e] === tgtDocWords[doc] ? EXACT_MATCH : CLOSE_MATCH;
        vote(relation, d.concept, score * CHANNEL_WEIGHT.nameInDescription, 0, () => evidence(a.text, a.field, d.text, d.field));
      }
      // Direction: a target description that lists this name among its cases is broader.
      for (const [doc, c] of casesByKey.get(`${a.group}\u0000${k}`) ?? []) {
        const d = tgtDocs.docs[doc]!;
        vote(BROAD_MATCH, d.concept, CASE_VOTE * a.weight, 0, () => evidence(a.text, a.field, `${d.text} [case: ${c.text}]`, d.field));
      }
      // A target definition whose genus is this name is narrower (what a tool the target names
      // is for: the same activity).
      for (const [doc, v] of genusByKey.get(`${a.group}\u0000${k}`) ?? []) {
        const d = tgtDocs.docs[doc]!;
        vote(d.tool ? EXACT_MATCH : NARROW_MATCH, d.concept, v * a.weight, 0, () => evidence(a.text, a.field, `${d.text} [${d.tool ? 'tool for' : 'genus'}: ${d.genus!.text}]`, d.field));
      }
    }
    for (const di of ownDocs) {
      const own = srcDocs.docs[di]!;
      const fs = srcDocFeatures[di]!;
      // Description → name: targets' names in the subject's description.
      const named = nameIndex.query(saturatedVector(fs), budget, QUERY_LIMIT);
      const ownGenus = srcGenusKeys[di]!;
      for (let i = 0; i < named.docs.length; i++) {
        const t = named.docs[i]!;
        const b = tgt.entries[t]!;
        // The subject's genus is broader than the subject (below), not similar to it.
        if (ownGenus.length > 0 && ownGenus.some(([g]) => g === tgtEntryKey[t])) continue;
        const score = Math.min(1, named.scores[i]!) * b.weight * own.weight * tgtSpecificity[t]!;
        const relation = srcDocWords[di] === tgtEntryWords[t] ? EXACT_MATCH : CLOSE_MATCH;
        vote(relation, b.concept, score * CHANNEL_WEIGHT.descriptionHasName, 1, () => evidence(own.text, own.field, b.text, b.field));
      }
      // Description ↔ description.
      const alike = bm25Index.query(bm25Vector(fs), budget, QUERY_LIMIT);
      for (let i = 0; i < alike.docs.length; i++) {
        const d = tgtDocs.docs[alike.docs[i]!]!;
        const score = alike.scores[i]! * own.weight * d.weight;
        vote(CLOSE_MATCH, d.concept, score * CHANNEL_WEIGHT.descriptions, 2, () => evidence(own.text, own.field, d.text, d.field));
      }
      // Direction: targets named among the subject's cases are narrower; its genus is broader.
      const subjectStems = ownStems(src, s);
      for (const c of own.cases) {
        const keys = caseKeys(stemsOf(c.stems), subjectStems);
        for (const t of keys.flatMap((k) => tgtNameKeys.get(`${own.group}\u0000${k}`) ?? [])) {
          const b = tgt.entries[t]!;
          vote(NARROW_MATCH, b.concept, CASE_VOTE * b.weight, 0, () => evidence(`${own.text} [case: ${c.text}]`, own.field, b.text, b.field));
        }
      }
      for (const [g, v] of ownGenus) {
        for (const t of tgtNameKeys.get(`${own.group}\u0000${g}`) ?? []) {
          const b = tgt.entries[t]!;
          vote(own.tool ? EXACT_MATCH : BROAD_MATCH, b.concept, v * b.weight, 0, () => evidence(`${own.text} [${own.tool ? 'tool for' : 'genus'}: ${own.genus!.text}]`, own.field, b.text, b.field));
        }
      }
    }
    for (const [t, cosine, a, b] of encoded?.get(s) ?? []) {
      const x = srcDocs.docs[a]!;
      const y = tgtDocs.docs[b]!;
      vote(CLOSE_MATCH, t, cosine * CHANNEL_WEIGHT.encoder, 3, () => evidence(x.text, x.field, y.text, y.field));
    }
    if (votes.size === 0) continue;

    // Siblings: the parents of what the subject is described like are broader than the subject.
    if (SIBLING_SHARE > 0 && tgtTree.any) {
      const neighbours: Vote[] = [];
      for (const v of votes.values()) {
        if (v.relation === BROAD_MATCH || v.relation === NARROW_MATCH) continue;
        v.score = combined(v);
        if (v.score >= SIBLING_FROM) neighbours.push(v);
      }
      neighbours.sort((x, y) => y.score - x.score || x.object - y.object);
      for (const n of neighbours.slice(0, SIBLING_NEIGHBOURS)) {
        const e = n.evidence[0]!;
        for (const p of tgtTree.parents[n.object]!) {
          vote(BROAD_MATCH, p, n.score * SIBLING_SHARE, 0, () => ({ ...e, objectText: `${label(n.object)}: ${e.objectText}`, objectField: `child of ${label(p)}` }));
        }
      }
    }
    const all: Vote[] = [];
    for (const v of votes.values()) {
      v.score = combined(v);
      if (v.score > 0) all.push(v);
    }
    // One `yield` per candidate (see perSubject).
    for (const candidate of rankVotes(IDENTITY, src.concepts[s]!, all, tgt, options.topK)) yield candidate;
  }
  options.onProgress?.(total, total);
}

/** Stems of the described concept's name a case may leave implied, at most. */
const MAX_IMPLIED = 3;

/**
 * The keys under which a listed case names a concept: the case's own words, and its words with
 * some of the described concept's name's words, which a list leaves implied ("Creative Content
 * Generation, including … creative writing": creative writing generation).
 */
function caseKeys(caseStems: readonly string[], own: readonly string[]): string[] {
  const base = nameKey(caseStems);
  if (!base) return [];
  const inCase = new Set(base.split(' '));
  const implied = own.filter((x) => !inCase.has(x)).slice(0, MAX_IMPLIED);
  const keys = [base];
  for (let mask = 1; mask < 1 << implied.length; mask++) {
    const extra = implied.filter((_, i) => mask & (1 << i));
    keys.push([...inCase, ...extra].sort().join(' '));
  }
  return keys;
}

function closeStems(x: string, y: string): boolean {
  const n = Math.min(x.length, y.length);
  let common = 0;
  while (common < n && x.charCodeAt(common) === y.charCodeAt(common)) common++;
  return common >= Math.max(3, n - 2);
}

/**
 * The encoder's nearest target concepts of each source concept by the best cosine over their
 * definitions (kinds kept apart): source concept → [target concept, cosine, source doc, target doc].
 */
async function encoderNeighbours(encoder: DescriptionEncoder, src: Descriptions, tgt: Descriptions, options: GeneratorOptions): Promise<Map<number, Array<[number, number, number, number]>>> {
  const out = new Map<number, Array<[number, number, number, number]>>();
  const definitions = (side: Descriptions): number[] => side.docs.flatMap((d, i) => (d.field !== KEYWORDS_FIELD && d.field !== EXAMPLE_FIELD ? [i] : []));
  const a = definitions(src);
  const b = definitions(tgt);
  if (a.length === 0 || b.length === 0) return out;
  if (a.length * b.length > ENCODER_PAIRS) {
    options.onWarning?.(`description: ${a.length} × ${b.length} descriptions are more than the encoder "${encoder.name}" compares all with all (${ENCODER_PAIRS}); only the BM25 comparisons ran`);
    return out;
  }
  const texts = [...a.map((i) => src.docs[i]!.text), ...b.map((i) => tgt.docs[i]!.text)];
  const { vectors, dims } = await encoder.embed(texts);
  options.signal?.throwIfAborted();
  const best = new Map<number, Map<number, [number, number, number]>>();
  for (let i = 0; i < a.length; i++) {
    const x = src.docs[a[i]!]!;
    if (i % PACE === 0) await paceTurn(i, a.length, { signal: options.signal });
    let row = best.get(x.concept);
    if (!row) best.set(x.concept, (row = new Map()));
    for (let j = 0; j < b.length; j++) {
      const y = tgt.docs[b[j]!]!;
      if (y.group !== x.group) continue;
      let dot = 0;
      const p = i * dims;
      const q = (a.length + j) * dims;
      for (let d = 0; d < dims; d++) dot += vectors[p + d]! * vectors[q + d]!;
      const seen = row.get(y.concept);
      if (dot > 0 && (!seen || dot > seen[0])) row.set(y.concept, [Math.min(1, dot), a[i]!, b[j]!]);
    }
  }
  for (const [s, row] of best) {
    const list = [...row].map(([t, [cosine, x, y]]): [number, number, number, number] => [t, cosine, x, y]);
    list.sort((p, q) => q[1] - p[1] || p[0] - q[0]);
    out.set(s, list.slice(0, QUERY_LIMIT));
  }
  return out;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}


function evidence(subjectText: string, subjectField: string, objectText: string, objectField: string): Evidence {
  return { generator: IDENTITY.name, subjectText: quote(subjectText), objectText: quote(objectText), subjectField, objectField };
}
