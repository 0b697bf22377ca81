/**
 * The guard every writer of mapping files shares, the command line's outputs and the library's
 * `writeMappings` alike: a run never replaces a file that holds reviewers' decisions with
 * something that does not carry them (new candidates, a summary, an artifact).
 */
import { readFile, stat } from 'node:fs/promises';
import { IoaError } from '../model/errors.js';

/** Words that only a file holding decisions carries: review justifications and the decision column. */
const DECISION_MARKERS = /ManualMappingCuration|MappingReview|review_decision/;
/**
 * A rejection (`predicate_modifier Not`) may be a decision too: such a file is read to tell. The
 * marker is `Not` as a whole TSV or CSV cell, the value of a JSON `predicate_modifier` (either with
 * spaces or quotes around it, which the readers trim), or an Alignment cell of relation `%` (read
 * as a rejected equivalence). A label that starts with the word ("Not Otherwise Specified", common
 * in disease ontologies) is none, so a large candidate file is not parsed in full only to find it
 * holds no decision.
 */
const REJECTION_MARKER = /(?:^|[\t,])[^\t,\r\n\w]*Not[^\t,\r\n\w]*(?=[\t,\r\n]|$)|"predicate_modifier"\s*:\s*"[^"\w]*Not[^"\w]*"|<(?:\w+:)?relation>\s*%\s*</m;

/** The mark a file's text carries of reviewers' decisions: review marks, a possible rejection, or none. */
function decisionMark(text: string): 'review' | 'rejection' | undefined {
  if (DECISION_MARKERS.test(text)) return 'review';
  return REJECTION_MARKER.test(text) ? 'rejection' : undefined;
}

/** Whether the text is an artifact or an upgrade draft: a JSON object naming an artifactId. */
function isArtifactJson(text: string): boolean {
  if (!/^\s*(?:\u00EF\u00BB\u00BF)?\s*\{/.test(text)) return false;
  try {
    const value: unknown = JSON.parse(text.replace(/^\u00EF\u00BB\u00BF/, ''));
    return typeof value === 'object' && value !== null && typeof (value as { artifactId?: unknown }).artifactId === 'string';
  } catch {
    return false;
  }
}

/** Whether a file's text may hold reviewers' decisions (then it is read as a mapping file to count them). */
export function mayHoldDecisions(text: string): boolean {
  return decisionMark(text) !== undefined;
}

/**
 * A run never replaces a mapping file that holds reviewers' decisions with something else:
 * re-running `propose --out reviewed.tsv`, or `diff --summary reviewed.tsv`, or an upgrade's
 * `--review-out` over a review in progress would silently throw a review away. The
 * decisions are counted as every command reads them (src/exchange/reviewed.ts); a file that
 * carries their marks but cannot be read as a mapping file is refused too, since what it holds
 * cannot be told. A missing file, a device, or a file without any mark (earlier candidates, any
 * other text) is written over as `--out` always does.
 */
export async function refuseReplacingDecisions(outPath: string, option: string, candidates: { carryOption?: string } | undefined): Promise<void> {
  const carryOption = candidates?.carryOption;
  const info = await stat(outPath).catch(() => undefined);
  if (!info?.isFile()) return;
  // Every marker is ASCII: a byte-for-byte (latin1) reading finds them as a UTF-8 one would, at a
  // fraction of its cost on a candidate file of tens of megabytes.
  const text = await readFile(outPath).then((bytes) => bytes.toString('latin1'), () => undefined);
  if (text === undefined) return;
  const mark = decisionMark(text);
  if (mark === undefined) return;
  // An alignment artifact or an upgrade draft (a JSON object with an artifactId) cites the review
  // it came from; replacing it with the next revision is what `--out` is for.
  if (isArtifactJson(text)) return;
  const marked = mark === 'review';
  const [{ readMappingFile }, { reviewedDecisions }] = await Promise.all([import('./files.js'), import('./reviewed.js')]);
  const count = await readMappingFile(outPath).then((set) => reviewedDecisions(set, { file: outPath }).length, () => (marked ? undefined : 0));
  if (count === 0) return;
  const what = count === undefined ? 'looks like a reviewed file (it carries review marks but cannot be read as a mapping file)' : `holds ${count} reviewer decision${count === 1 ? '' : 's'}`;
  throw new IoaError(
    'E_OUT_HOLDS_DECISIONS',
    `${option} ${outPath} ${what}; ${candidates ? 'new candidates' : 'this output'} would replace ${count === 1 ? 'it' : 'them'}. Write ${candidates ? 'the candidates' : 'it'} to another file${carryOption ? ` (with ${carryOption} ${outPath} to carry the decisions over)` : ''}, or remove the file first if the review is no longer wanted`,
    { file: outPath, path: option },
  );
}

