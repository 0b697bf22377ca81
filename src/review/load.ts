/**
 * Reading what review works on: a candidate file (one ranked row per candidate, as `propose`
 * writes it). The simulation's reference is read by the API layer (src/api/review.ts) with the
 * benchmark's reader, so this module does not depend on the benchmark, which depends on it.
 */
import { candidatesFromMappingSet, readMappingFile, sourceLine, type ReadCandidate } from '../exchange/index.js';
import { DEFAULT_MIN_FUSED_VALUE } from '../generators/fusion.js';
import { IoaError } from '../model/errors.js';
import type { MappingSet } from '../model/mapping.js';
import type { ReviewCandidate } from './policy.js';

export interface CandidateFile {
  path: string;
  set: MappingSet;
  candidates: ReadCandidate[];
  /** The review view of each candidate, in the same order. */
  review: Omit<ReviewCandidate, 'index'>[];
  /** The threshold the selection applies: the default fused value for a fused list, none otherwise. */
  minScore: number | undefined;
}

export async function readCandidateFile(path: string): Promise<CandidateFile> {
  const set = await readMappingFile(path);
  const candidates = candidatesFromMappingSet(set);
  if (candidates.length === 0) throw new IoaError('E_USAGE', 'the candidate file has no candidates to review', { file: path });
  const measures = new Set<string>();
  // A decision names its candidate by subject, relation and object, and so does the reviewed
  // file: two rows of one triple (an upgrade's rules that differ only in their conditions) would
  // take each other's decisions. Refused, naming both, rather than deciding the wrong one.
  const firstRow = new Map<string, number>();
  const review = candidates.map((c, i) => {
    if (c.record.predicateModifier === 'Not') {
      throw new IoaError('E_USAGE', 'this is a reviewed file (it has rejected rows), not a candidate file: give the candidates `propose` wrote', { file: path, ...lineOf(c), path: `$.mappings[${i}]` });
    }
    const triple = `${c.subject}\u0000${c.predicate}\u0000${c.object}`;
    const earlier = firstRow.get(triple);
    if (earlier !== undefined) {
      const earlierLine = lineOf(candidates[earlier]!).line;
      throw new IoaError('E_USAGE', `two candidate rows state ${c.subject} ${c.predicate} ${c.object} (the first at ${earlierLine !== undefined ? `line ${earlierLine}` : `$.mappings[${earlier}]`}${JSON.stringify(c.record.extensions?.rule_conditions) !== JSON.stringify(candidates[earlier]!.record.extensions?.rule_conditions) ? ', with other rule_conditions' : ''}): a decision could not tell them apart. Review such rules one file at a time, or give them one set of conditions`, { file: path, ...lineOf(c), path: `$.mappings[${i}]` });
    }
    firstRow.set(triple, i);
    measures.add(c.measure ?? '');
    return { subject: c.subject, predicate: c.predicate, object: c.object, score: c.score ?? 0, rank: c.rank ?? 1, measure: c.measure ?? '' };
  });
  // Mixed measures share no scale: review them as one list under the first measure's name is
  // wrong, so refuse, as selection does.
  if (measures.size > 1) throw new IoaError('E_SELECTION_MIXED_SCORES', `candidates of ${measures.size} different measures cannot be reviewed as one ranked list; review each generator's file on its own or fuse them`, { file: path });
  const fused = candidates.some((c) => c.members.length > 0);
  return { path, set, candidates, review, minScore: fused ? DEFAULT_MIN_FUSED_VALUE : undefined };
}

function lineOf(c: ReadCandidate): { line?: number } {
  const line = sourceLine(c.record);
  return line === undefined ? {} : { line };
}

export { lineOf as candidateLine };
