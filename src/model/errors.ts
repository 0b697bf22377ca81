/**
 * The one error type of ioa-align (STYLE.md point 5): a closed union of codes, an optional
 * location (file, line/column or JSON path) and the underlying cause. Library code throws it;
 * only the CLI entry point turns it into an exit code.
 *
 * Add a code to the section of the module that raises it; never reuse a code for another meaning.
 */
export const ERROR_CODES = [
  // usage and internal
  'E_USAGE',
  'E_INTERNAL',
  // reading files and ontologies (src/io, src/ontology)
  'E_FILE_UNREADABLE',
  // an input over the documented size limit of its kind (src/io/limits.ts)
  'E_INPUT_TOO_LARGE',
  // a file another process holds the lock of for longer than a run waits (src/io/lock.ts)
  'E_FILE_LOCKED',
  // a file changed by another process since this one read it: not overwritten (a lost race)
  'E_FILE_CHANGED',
  // an --out file holding reviewers' decisions, which a command writing new candidates would replace
  'E_OUT_HOLDS_DECISIONS',
  'E_PARSE_UTF8',
  'E_UNKNOWN_FORMAT',
  'E_PARSE_TURTLE',
  'E_PARSE_RDFXML',
  'E_PARSE_JSONLD',
  'E_PARSE_JSON',
  // a JSON object that names one member twice (I-JSON, RFC 7493): which one counts is not defined
  'E_DUPLICATE_KEY',
  'E_EMPTY_ONTOLOGY',
  // OAEI Alignment API files (src/ontology/alignment-reader.ts)
  'E_ALIGNMENT_NO_CELLS',
  'E_ALIGNMENT_BAD_CELL',
  // a file that holds more than one Alignment element: their cells would be read as one set
  'E_ALIGNMENT_MULTIPLE',
  // exchange formats (src/exchange)
  'E_SSSOM_MISSING_METADATA',
  'E_SSSOM_MISSING_COLUMN',
  'E_SSSOM_DUPLICATE_COLUMN',
  'E_SSSOM_UNKNOWN_PREFIX',
  'E_SSSOM_SCORE_RANGE',
  'E_SSSOM_TRUNCATED',
  'E_SSSOM_BAD_ROW',
  'E_SSSOM_BAD_METADATA',
  'E_EXCHANGE_BAD_JSON',
  'E_EXCHANGE_BAD_CSV',
  'E_EXCHANGE_UNKNOWN_FORMAT',
  'E_EXCHANGE_UNREPRESENTABLE',
  'E_WRITE_FAILED',
  // generators and fusion (src/generators)
  'E_UNKNOWN_GENERATOR',
  'E_GENERATOR_FAILED',
  // selection (src/selection)
  'E_SELECTION_MIXED_SCORES',
  // embedding runtime (src/embedding)
  'E_MODEL_MISSING',
  'E_MODEL_BUILD_FAILED',
  'E_MODEL_LOAD_FAILED',
  // the optional embedding packages (transformers.js, the GloVe source vectors, onnx-proto) are not installed
  'E_EMBEDDING_UNAVAILABLE',
  // benchmark harness (src/bench)
  'E_BENCH_MANIFEST',
  // a reference row whose predicate no metric knows (a misspelt relation would silently shrink the reference)
  'E_BENCH_REFERENCE',
  'E_UNKNOWN_CORPUS',
  // envelope / document validation (src/envelope)
  'E_INVALID_DOCUMENT',
  'E_LIMIT_EXCEEDED',
  // gate and artifacts (src/gate)
  'E_KEY_INVALID',
  'E_SIGNATURE_INVALID',
  'E_ARTIFACT_BUILD',
  // reviewed rules that make a concept of their ontologies unsatisfiable (artifact build without --allow-incoherent)
  'E_ARTIFACT_INCOHERENT',
  // reviewers' decisions on a pair conflict and no adjudicator settled them
  'E_REVIEW_CONFLICT',
  // version diff and artifact upgrade (src/versions)
  // two ontologies that are not releases of one ontology
  'E_VERSION_SERIES',
  // an artifact, alignment or draft that names other releases than the ones given
  'E_VERSION_MISMATCH',
  // retrieval (src/retrieval)
  'E_RETRIEVAL',
  'E_RETRIEVAL_POLICY',
  // carriers (src/carriers)
  'E_CARRIER_INVALID',
  // agent-world vocabularies (src/vocab)
  'E_VOCAB_INVALID',
  // agent records (src/vocab/records): one record (an MCP server or tool, an A2A skill, an OASF
  // record or declared term, a record row) that breaks its layout's rules
  'E_RECORD_INVALID',
  // two records of one input with the same identifier
  'E_RECORD_DUPLICATE',
  // review (src/review)
  // a candidate whose subject or object is not a concept of the ontologies given
  'E_REVIEW_UNKNOWN_TERM',
  // a reviewed file that is not the review of the candidate file given
  'E_REVIEW_SET_MISMATCH',
  // the review server's port is taken
  'E_REVIEW_PORT_IN_USE',
  // a decision made on a candidate whose status changed since the reviewer saw it
  'E_REVIEW_STALE',
  // an acceptance that would break one-to-one (or accept what propagation closed), not confirmed
  'E_REVIEW_ONE_TO_ONE',
  // a comment on a candidate the reviewer has not decided
  'E_REVIEW_NOT_DECIDED',
  // a decision or comment while the reviewed file cannot be saved: not taken
  'E_REVIEW_NOT_SAVED',
  // two rows of one reviewer on one candidate in a reviewed file
  'E_REVIEW_DUPLICATE_DECISION',
  // a reviewed row whose review_decision contradicts its predicate_modifier (reject without Not,
  // accept or unsure with Not): which one the curator meant cannot be told (src/exchange/reviewed.ts)
  'E_REVIEW_ROW_CONTRADICTION',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Where in the input the fault lies; any subset may be known. */
export interface ErrorLocation {
  file?: string;
  line?: number;
  column?: number;
  /** JSON path such as `$.mappingRules[0].conditions` */
  path?: string;
}

export class IoaError extends Error {
  override readonly name = 'IoaError';
  readonly code: ErrorCode;
  readonly location: ErrorLocation;

  constructor(code: ErrorCode, message: string, location: ErrorLocation = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.location = location;
  }

  /** `file:line:column: message [CODE]` — the form the CLI prints (see describeDiagnostic). */
  describe(): string {
    return describeDiagnostic(this.location, this.message, this.code);
  }

  toJSON(): { code: ErrorCode; message: string } & ErrorLocation {
    return { code: this.code, message: this.message, ...this.location };
  }
}

/**
 * `file:line:column: message [CODE]`, for errors and for warnings (whose codes are not error
 * codes), with control characters from the input escaped (escapeControls).
 */
export function describeDiagnostic(location: ErrorLocation, message: string, code: string): string {
  const { file, line, column, path } = location;
  let where = file ?? '';
  if (line !== undefined) where += `${where ? ':' : 'line '}${line}${column !== undefined ? `:${column}` : ''}`;
  // A message that names its own path (`--now must be …`, `$.id: …`, `missing option --to`) is not told it twice.
  if (path && !namesPath(message, path)) where += `${where ? ' ' : ''}at ${path}`;
  return escapeControls(`${where ? `${where}: ` : ''}${message} [${code}]`);
}

/** `message` names `path` as a whole (`--to json …` names `--to`, `--top-k …` does not). */
function namesPath(message: string, path: string): boolean {
  for (let at = message.indexOf(path); at >= 0; at = message.indexOf(path, at + 1)) {
    const before = at === 0 ? '' : message[at - 1]!;
    const after = message.slice(at + path.length, at + path.length + 1);
    if (/^(?:$|[\s"'(])$/.test(before) && /^(?:$|[\s:.,;)\]["'=])$/.test(after)) return true;
  }
  return false;
}

/**
 * C0 and C1 controls, DEL, and the invisible direction marks and overrides (U+061C, U+200E/F,
 * U+202A–U+202E, U+2066–U+2069) plus the line and paragraph separators. Echoed raw, they let a
 * file name or label recolour or rewrite the terminal, or display text in another order than
 * it is stored in.
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text safe to print on a terminal: every control character written as `\uXXXX` (ESC becomes
 * `\u001b`). With `keepNewlines`, line breaks stay (for reports of several lines). Idempotent.
 */
export function escapeControls(text: string, options: { keepNewlines?: boolean } = {}): string {
  const pattern = options.keepNewlines ? CONTROLS_BUT_NEWLINE : CONTROLS;
  return text.replace(pattern, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function isIoaError(value: unknown): value is IoaError {
  return value instanceof IoaError;
}
