/**
 * What a concept keeps of the agent record it was read from (an MCP server, an MCP tool, an A2A
 * skill, an OASF record or one of the OASF terms a record declares). Everything here is evidence
 * or provenance for review and reports; the generators match a record through the concept's
 * labels, synonyms and definitions like any other concept.
 */

/** The record layouts ioa-align reads (src/vocab/records). */
export type RecordFormat =
  /** MCP Registry server.json as in the registry's seed of May 2025 (`version_detail`, snake_case packages). */
  | 'mcp-server-seed-2025'
  /** MCP Registry server.json of the published schemas (2025-07-09 … 2025-12-11 and later: `version`, `title`, camelCase). */
  | 'mcp-server'
  /** One tool of an MCP server's `tools/list` result. */
  | 'mcp-tool'
  /** One skill of an A2A Agent Card (1.0 or 0.3). */
  | 'a2a-skill'
  /** An OASF (AGNTCY) record. */
  | 'oasf-record'
  /** A skill or domain an OASF record, an ERC-8004 registration or a slug list declares. */
  | 'oasf-declared-term'
  /** ioa-align's neutral record row: `{id, kind, name, description, tags, examples, source}`. */
  | 'agent-record-row';

export const RECORD_FORMATS: readonly RecordFormat[] = ['mcp-server-seed-2025', 'mcp-server', 'mcp-tool', 'a2a-skill', 'oasf-record', 'oasf-declared-term', 'agent-record-row'];

/** Where a record came from. */
export interface RecordProvenance {
  format: RecordFormat;
  /** The file it was read from, as given. */
  file: string;
  /** 1-based line where the record starts (its JSONL line, or the line of its opening brace). */
  line?: number;
  /** The record's own identifier as its source writes it: server name, tool name, skill id, OASF record name, slug. */
  recordId: string;
  /** The record's version (server version, agent card version, OASF record version), when it states one. */
  version?: string;
  /** The schema or protocol version it declares (`$schema`, A2A `protocolVersion`, OASF `schema_version`). */
  schema?: string;
  /** Where the record says it was taken from (a row's `source`), when it says. */
  origin?: string;
}

/** An OASF skill or domain that a record declares for itself, by slug (name path) or numeric id. */
export interface DeclaredOasfTerm {
  part: 'skills' | 'domains';
  /** The OASF schema version the declaration is made in (`0.8.0`, `1.1.0`). */
  schemaVersion: string;
  /** The name path (`natural_language_processing/natural_language_generation/summarization`). */
  slug: string;
  /** The numeric id, when the record gives one. */
  id?: number;
  /** The OASF term's IRI in that schema version (`https://schema.oasf.outshift.com/0.8.0/skills/summarization`). */
  iri: string;
}

/**
 * The record side of a concept read from an agent record: what the concept's own fields do not
 * hold. The record's name is a label, its description a definition, its tags the concept's
 * `keywords` and its examples the concept's `examples` (description text, never names); the input
 * parameters, the term it declares and where it came from are kept here.
 */
export interface AgentRecordEvidence {
  /** Names or titles of an MCP tool's input parameters, as written. */
  parameters: string[];
  /** The OASF term this concept stands for, when it is a term the record declares. */
  declared?: DeclaredOasfTerm;
  provenance: RecordProvenance;
}
