/**
 * Agent records as a vocabulary: a file of MCP servers, MCP tools, A2A Agent Cards, OASF records
 * or record rows becomes an OntologyIndex with one concept per record (per server, tool, skill,
 * OASF record and declared term).
 *
 * Files: `.jsonl` / `.ndjson` hold one JSON document per line; `.json` one document, which may be
 * an array. Every document (and every element of an array) is recognised by its shape, and each
 * layout expands it into records (units.ts). A document no layout recognises makes the whole
 * file `E_UNKNOWN_FORMAT`; nothing is read as an empty vocabulary.
 *
 * A bad record stops the load with `file:line:column at <JSON path>: message [CODE]`
 * (`E_RECORD_INVALID`, `E_RECORD_DUPLICATE`, `E_PARSE_JSON` for a malformed line,
 * `E_VOCAB_INVALID` for a broken Agent Card). With `skipInvalid` it is left out instead, and the
 * index's warnings say how many records were skipped for each reason and where the first were.
 */
import { basename } from 'node:path';
import { IoaError, type ErrorCode } from '../../model/errors.js';
import type { Concept } from '../../model/concept.js';
import { buildOntologyIndex, type OntologyIndex } from '../../model/ontology-index.js';
import { formatJsonPath, locateJsonPath, parseJson, readJson, type JsonPathSegments } from '../../text/json.js';
import { readTextFile } from '../../io/files.js';
import { bundledOasfRelease } from '../oasf-bundled.js';
import { a2aCardLayout } from './a2a.js';
import { draftConcept, type RecordDraft } from './draft.js';
import { isObject, RecordFault } from './fields.js';
import { mcpServerEntryLayout, mcpServerLayout, mcpServerListLayout } from './mcp-server.js';
import { mcpToolsLayout } from './mcp-tools.js';
import { erc8004Layout, oasfRecordLayout } from './oasf-record.js';
import { recordRowLayout } from './rows.js';
import type { Layout, LayoutContext, Unit } from './units.js';

/** In the order they are tried: the most specific shapes first (an OASF record has `skills` too). */
export const RECORD_LAYOUTS: readonly Layout[] = [mcpServerListLayout, mcpServerEntryLayout, mcpToolsLayout, erc8004Layout, oasfRecordLayout, recordRowLayout, a2aCardLayout, mcpServerLayout];

export interface RecordLoadOptions {
  /** Leave bad records out (with a summary per reason in the index's warnings) instead of failing. */
  skipInvalid?: boolean;
  /** Records read so far out of all records. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** Read every document with this layout instead of recognising it (one Agent Card). */
  layout?: Layout;
}

/** The layout that recognises one JSON value as a record, if any (no claims). */
export function recognisedLayoutOf(value: unknown): Layout | undefined {
  return RECORD_LAYOUTS.find((layout) => layout.recognises(value));
}

/** The layout of one JSON value, if any recognises it, else one that claims it (a broken record). */
export function recordLayoutOf(value: unknown): Layout | undefined {
  return RECORD_LAYOUTS.find((layout) => layout.recognises(value)) ?? RECORD_LAYOUTS.find((layout) => layout.claims?.(value) === true);
}

const JSON_LD_KEYS = ['@context', '@graph', '@id', '@type'];

/** A JSON-LD document (for the RDF reader), not a record file. */
export function isJsonLd(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(isJsonLd);
  return isObject(value) && JSON_LD_KEYS.some((k) => k in value);
}

export const isJsonLinesFile = (file: string): boolean => /\.(jsonl|ndjson)$/i.test(file);

/**
 * Order of two version strings as SemVer orders them (11.4): numeric dot-separated parts compared
 * as numbers (2.0.0 after 0.10.0 after 0.9.1), a release after its pre-release (1.0.0 after
 * 1.0.0-rc.1), pre-release identifiers one by one (numeric ones as numbers and before words:
 * rc.10 after rc.9, beta.11 after beta.2), build metadata (`+…`) ignored; a version that is not
 * numbers and dots compared as text.
 */
export function compareVersions(a: string, b: string): number {
  const split = (v: string): [number[], string] => {
    const [core = '', pre = ''] = v.replace(/^v/i, '').replace(/\+.*$/s, '').split(/-(.*)/s);
    return [core.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN)), pre];
  };
  const [x, xp] = split(a);
  const [y, yp] = split(b);
  if (x.some(Number.isNaN) || y.some(Number.isNaN)) return a < b ? -1 : a > b ? 1 : 0;
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  if (xp === yp) return 0;
  if (xp === '') return 1;
  if (yp === '') return -1;
  const xs = xp.split('.');
  const ys = yp.split('.');
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const [x1, y1] = [xs[i]!, ys[i]!];
    if (x1 === y1) continue;
    const [xn, yn] = [/^\d+$/.test(x1), /^\d+$/.test(y1)];
    if (xn && yn) return Number(x1) - Number(y1);
    if (xn !== yn) return xn ? -1 : 1;
    return x1 < y1 ? -1 : 1;
  }
  return xs.length - ys.length;
}

/** One JSON document of the input: the whole file, or one line of a JSON Lines file. */
export interface RecordDocument {
  value: unknown;
  /** The document's text (to locate faults in it). */
  text: string;
  /** 1-based line of the file where the document starts (JSON Lines). */
  line?: number;
}

/** One record's fault, located. */
interface Fault {
  error: IoaError;
  reason: string;
  /** Records it stands for (a card whose header is broken: each of its skills); default 1. */
  records?: number;
}

const recordsOf = (x: { records?: number }): number => x.records ?? 1;

const LAYOUT_NAMES = RECORD_LAYOUTS.map((l) => l.name).join(', ');

/**
 * Records of parsed documents as an index. `parseFaults` are documents that could not be parsed
 * (malformed JSON Lines), reported or skipped like bad records.
 */
export async function recordsToIndex(documents: readonly RecordDocument[], file: string, options: RecordLoadOptions = {}, parseFaults: readonly { error: IoaError; reason: string }[] = []): Promise<OntologyIndex> {
  const warnings: string[] = [];
  const notes = new Map<string, string[]>();
  const context: LayoutContext = {
    file,
    stem: basename(file).replace(/\.[^.]+$/, '').replace(/\.(json|jsonl|ndjson)$/i, ''),
    warn: (message) => {
      if (!warnings.includes(message)) warnings.push(message);
    },
    note: (what, item) => {
      const items = notes.get(what) ?? [];
      items.push(item);
      notes.set(what, items);
    },
    oasfRelease: bundledOasfRelease,
  };
  const locate = (doc: RecordDocument, path: JsonPathSegments, code: ErrorCode, message: string): IoaError => {
    const at = locateJsonPath(doc.text, path);
    const line = at ? (doc.line ?? 1) + at.line - 1 : doc.line;
    return new IoaError(code, message, { file, ...(line !== undefined ? { line } : {}), ...(at ? { column: at.column } : {}), path: formatJsonPath(path) });
  };

  // Units of every document; a value no layout knows is the file's format problem when nothing
  // in the file is known, else one bad record.
  const units: Array<{ unit: Unit; doc: RecordDocument }> = [];
  const unknown: Array<{ doc: RecordDocument; path: JsonPathSegments }> = [];
  const collections = new Set<string>();
  let version: string | undefined;
  const expand = (value: unknown, path: JsonPathSegments, doc: RecordDocument): void => {
    const layout = options.layout ?? recordLayoutOf(value);
    if (!layout) {
      unknown.push({ doc, path });
      return;
    }
    const collection = layout.collection?.(value, context);
    if (collection) {
      collections.add(collection.iri);
      version = collection.version;
    } else collections.add('');
    for (const unit of layout.expand(value, path, context)) units.push({ unit, doc });
  };
  for (const doc of documents) {
    if (Array.isArray(doc.value) && !options.layout) doc.value.forEach((v: unknown, i) => expand(v, [i], doc));
    else expand(doc.value, [], doc);
  }
  if (units.length === 0 && parseFaults.length === 0) {
    if (unknown.length === 0) throw new IoaError('E_EMPTY_ONTOLOGY', 'no records: the file holds no agent records to match', { file });
    const first = unknown[0]!;
    throw locate(first.doc, first.path, 'E_UNKNOWN_FORMAT', `not a known agent record layout (${LAYOUT_NAMES}) nor JSON-LD`);
  }

  const faults: Fault[] = [...parseFaults];
  const onFault = (f: Fault): void => {
    if (!options.skipInvalid) throw f.error;
    faults.push(f);
  };
  if (!options.skipInvalid && parseFaults[0]) throw parseFaults[0].error;
  for (const { doc, path } of unknown) {
    onFault({ reason: 'not a known agent record layout', error: locate(doc, path, 'E_RECORD_INVALID', `not a record of a known layout (${LAYOUT_NAMES})`) });
  }

  const concepts: Concept[] = [];
  const seen = new Map<string, { draft: RecordDraft; doc: RecordDocument }>();
  /** Servers listed in several versions, as `name latest over earlier`. */
  const olderVersions: string[] = [];
  let done = 0;
  for (const { unit, doc } of units) {
    options.signal?.throwIfAborted();
    let d: RecordDraft;
    try {
      d = await unit.build();
    } catch (error) {
      if (!(error instanceof RecordFault)) throw error;
      onFault({ reason: error.reason, error: locate(doc, error.path, error.code, error.message), records: recordsOf(unit) });
      options.onProgress?.(++done, units.length);
      continue;
    }
    const prior = seen.get(d.iri);
    // A registry listing holds one entry per published version of a server: the latest version
    // is the server (the first one read was often the oldest), and the others are no fault. The
    // entry the registry itself marks latest (isLatest) is it: the registry orders a version that
    // is no SemVer by when it was published, which no comparison of the strings can tell.
    const versions = prior && d.provenance.format.startsWith('mcp-server') && prior.draft.provenance.format.startsWith('mcp-server') ? [prior.draft.provenance.version, d.provenance.version] : undefined;
    if (prior && versions?.[0] !== undefined && versions[1] !== undefined && versions[0] !== versions[1]) {
      const marked = prior.draft.registryLatest !== d.registryLatest && (prior.draft.registryLatest === true || d.registryLatest === true);
      const newer = marked ? d.registryLatest === true : compareVersions(versions[1], versions[0]) > 0;
      if (newer) {
        const at = concepts.findIndex((c) => c.iri === d.iri);
        concepts[at] = draftConcept(d, file, doc.line);
        seen.set(d.iri, { draft: d, doc });
      }
      olderVersions.push(`${d.provenance.recordId} ${newer ? versions[1] : versions[0]} over ${newer ? versions[0] : versions[1]}`);
    } else if (prior) {
      // Where the first is, as the error's own location is given: its line, then its JSON path.
      const first = locate(prior.doc, prior.draft.path, 'E_RECORD_DUPLICATE', '').location;
      const firstAt = [first.line !== undefined ? `line ${first.line}${first.column !== undefined ? `:${first.column}` : ''}` : '', formatJsonPath(prior.draft.path)].filter(Boolean).join(' at ');
      onFault({ reason: 'two records with one identifier', error: locate(doc, d.path, 'E_RECORD_DUPLICATE', `a second record with the identifier ${JSON.stringify(d.provenance.recordId)} (the first is at ${firstAt}): they would become one concept`) });
    } else {
      seen.set(d.iri, { draft: d, doc });
      concepts.push(draftConcept(d, file, doc.line));
    }
    options.onProgress?.(++done, units.length);
  }

  if (olderVersions.length > 0) {
    warnings.push(`${olderVersions.length} server version(s) listed beside a later version of the same server were left out: the latest version of each is read (${olderVersions.slice(0, 3).join('; ')}${olderVersions.length > 3 ? '; …' : ''})`);
  }
  for (const [what, items] of notes) warnings.push(`${items.length} ${what} (${items.slice(0, 3).join(', ')}${items.length > 3 ? ', …' : ''})`);
  const total = units.reduce((n, { unit }) => n + recordsOf(unit), 0) + unknown.length + parseFaults.length;
  if (faults.length > 0) warnings.push(...skipSummary(faults, total));
  if (concepts.length === 0) {
    // The summary with its counts and first places: the only account of what was wrong.
    const [, ...reasons] = skipSummary(faults, total)[0]!.split('\n');
    throw new IoaError('E_EMPTY_ONTOLOGY', `no records left: all ${total} record(s) were skipped as invalid: ${reasons.map((r) => r.trim()).join('; ')}`, { file });
  }
  const iri = collections.size === 1 ? [...collections][0] || undefined : undefined;
  return buildOntologyIndex({ source: file, concepts, warnings, ...(iri ? { iri } : {}), ...(iri && version !== undefined ? { version } : {}) });
}

/** One warning per reason: how many records, their code, and where the first three are. */
function skipSummary(faults: readonly Fault[], total: number): string[] {
  const byReason = new Map<string, Fault[]>();
  for (const f of faults) {
    const list = byReason.get(f.reason) ?? [];
    list.push(f);
    byReason.set(f.reason, list);
  }
  const where = (e: IoaError): string => [e.location.line !== undefined ? `line ${e.location.line}${e.location.column !== undefined ? `:${e.location.column}` : ''}` : '', e.location.path ?? ''].filter(Boolean).join(' ');
  const count = (list: readonly Fault[]): number => list.reduce((n, f) => n + recordsOf(f), 0);
  const lines = [`skipped ${count(faults)} of ${total} record(s) as invalid (options.skipInvalid):`];
  for (const [reason, list] of [...byReason].sort((a, b) => count(b[1]) - count(a[1]) || (a[0] < b[0] ? -1 : 1))) {
    const shown = list.slice(0, 3).map((f) => where(f.error)).join(', ');
    lines.push(`  ${count(list)} × ${reason} [${list[0]!.error.code}] (${shown}${list.length > 3 ? ', …' : ''})`);
  }
  return [lines.join('\n')];
}

/** Read a records file (`.json`, `.jsonl`, `.ndjson`) as an index of its records. */
export async function loadRecords(file: string, options: RecordLoadOptions = {}): Promise<OntologyIndex> {
  const text = await readTextFile(file, { what: 'agent records' });
  if (!isJsonLinesFile(file)) return recordsToIndex([{ value: parseJson(text, file), text }], file, options);
  const documents: RecordDocument[] = [];
  const parseFaults: Array<{ error: IoaError; reason: string }> = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const lineText = raw.replace(/\r$/, '');
    if (!lineText.trim()) return;
    // Each line as strictly as a whole .json file (readJson): a member named twice (two "kind"s,
    // two "name"s: which one did the registry mean?) or a lone surrogate is a fault of that line,
    // not the last value JSON.parse would keep.
    const read = readJson(lineText, i + 1);
    if (read.ok && Array.isArray(read.value) && read.value.length === 0) {
      // No document, as a .json file holding [] is none: a bad line, not a line of no records.
      parseFaults.push({ reason: 'JSON line holding an empty array: no record', error: new IoaError('E_RECORD_INVALID', 'an empty array: the line holds no record', { file, line: i + 1, column: lineText.search(/\S/) + 1 }) });
      return;
    }
    if (read.ok) {
      documents.push({ value: read.value, text: lineText, line: i + 1 });
      return;
    }
    const { kind, message, path, column } = read.fault;
    const reason = kind === 'syntax' ? 'malformed JSON line' : kind === 'duplicate-key' ? 'JSON line naming a member twice' : kind === 'depth' ? 'JSON line nested too deep' : 'JSON line with a lone surrogate';
    const code = kind === 'duplicate-key' ? 'E_DUPLICATE_KEY' : kind === 'depth' ? 'E_LIMIT_EXCEEDED' : 'E_PARSE_JSON';
    const where = { file, line: i + 1, ...(column !== undefined ? { column } : {}), ...(path !== undefined ? { path } : {}) };
    parseFaults.push({ reason, error: new IoaError(code, message, where, read.cause === undefined ? undefined : { cause: read.cause }) });
  });
  return recordsToIndex(documents, file, options, parseFaults);
}

