/**
 * A unit is one record of an input: it becomes exactly one concept, or fails on its own (and
 * `--skip-invalid` skips it alone). A layout expands a JSON document into units: an MCP server is
 * one unit, an Agent Card one unit per skill, an OASF record one for itself and one per term it
 * declares.
 */
import type { OntologyIndex } from '../../model/ontology-index.js';
import type { JsonPathSegments } from '../../text/json.js';
import type { RecordDraft } from './draft.js';
import { RecordFault } from './fields.js';

export interface Unit {
  /** Where the record is in its document. */
  path: JsonPathSegments;
  build(): RecordDraft | Promise<RecordDraft>;
  /**
   * How many records the unit stands for when it fails (default 1): a card whose header is
   * broken fails as one unit, but every skill it lists is a record not read.
   */
  records?: number;
}

/** What the layouts may ask of the loader. */
export interface LayoutContext {
  /** The input file, for messages and provenance. */
  file: string;
  /** The file's name without folder and extension (names the records of layouts without ids). */
  stem: string;
  /** A note for the user: something was read in a way the record did not spell out. The same note is kept once. */
  warn(message: string): void;
  /**
   * A counted note: `item` (a record's name) is one of what `what` says ("server(s) the registry
   * marks deleted were left out"); one warning per `what`, with the count and the first items.
   */
  note(what: string, item: string): void;
  /** The OASF release bundled for a schema version, to resolve declared slugs and ids. */
  oasfRelease(schemaVersion: string): Promise<OntologyIndex | undefined>;
}

/** A unit that fails when built: a document whose header is broken yields one such unit. */
export function failedUnit(error: RecordFault, records = 1): Unit {
  return { path: error.path, build: () => { throw error; }, ...(records !== 1 ? { records } : {}) };
}

/** One layout: recognises a JSON value and expands it into units. */
export interface Layout {
  name: string;
  recognises(value: unknown): boolean;
  /**
   * The members that name this layout are there, whatever their values: a document no layout
   * recognises but this one claims is this layout's, broken, and its expansion says where. Asked
   * only when no layout recognises the value, so it never changes how a valid document is read;
   * it keeps a broken record from being taken for something else (JSON-LD beside an `@context`,
   * read as an empty graph, or a file of no known layout).
   */
  claims?(value: unknown): boolean;
  expand(value: unknown, path: JsonPathSegments, context: LayoutContext): Unit[];
  /** The id of the vocabulary a file of this layout alone forms (an Agent Card's endpoint). */
  collection?(value: unknown, context: LayoutContext): { iri: string; version?: string } | undefined;
}
