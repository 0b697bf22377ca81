/**
 * Several reviewers in one reviewed file, for `artifact build`: a pair whose reviewers conflict
 * (one accepts what another rejects, or they accept different relations) is refused until an
 * adjudicator decides it; once settled, the rows the adjudicator's decision overrules are left
 * out. The reading of rows as decisions is exchange/reviewed.ts, shared with `review`.
 */
import { pairReviews, reviewedDecisions, writtenReversed } from '../exchange/reviewed.js';
import { IoaError, type ErrorLocation } from '../model/errors.js';
import type { MappingRecord, MappingSet } from '../model/mapping.js';

export interface ReviewerSettlement {
  /** 0-based rows an adjudicator overruled, each with why. */
  overruled: Map<number, string>;
}

/**
 * The rows an adjudicator overruled.
 *
 * @throws IoaError E_REVIEW_CONFLICT (reviewers conflict on a pair and no adjudicator settled
 *   it), naming the rows; E_REVIEW_ROW_CONTRADICTION (a row's review_decision contradicts its
 *   predicate_modifier)
 */
export function settleReviewers(set: MappingSet, options: { file?: string; lineOf?: (record: MappingRecord) => number | undefined } = {}): ReviewerSettlement {
  const name = (row: number, record: MappingRecord): string => {
    const line = options.lineOf?.(record);
    return line !== undefined ? `${options.file ?? 'line'}${options.file ? ':' : ' '}${line}` : `row ${row + 1}`;
  };
  const overruled = new Map<number, string>();
  const unsettled: string[] = [];
  let first: ErrorLocation | undefined;
  for (const pair of pairReviews(reviewedDecisions(set, options.file !== undefined ? { file: options.file } : {}))) {
    const adjudicatorsConflict = (pair.decisions.filter((d) => d.adjudicator && d.decision !== 'unsure').length > 1) && pair.settledBy === undefined && pair.conflict;
    if (pair.conflict && pair.settledBy === undefined) {
      const said = pair.decisions.filter((d) => d.decision !== 'unsure').map((d) => `${name(d.row, d.record)} ${d.reviewer || '(no reviewer)'}${d.adjudicator ? ' (adjudicator)' : ''} ${d.decision === 'accept' ? 'accepts' : 'rejects'} ${d.predicate}${writtenReversed(d, pair)}`);
      unsettled.push(`${pair.subject} → ${pair.object}${adjudicatorsConflict ? ' (the adjudicators disagree too)' : ''}: ${said.join(', ')}`);
      if (!first) {
        const line = options.lineOf?.(pair.decisions[0]!.record);
        first = { ...(options.file ? { file: options.file } : {}), ...(line !== undefined ? { line } : {}), path: `$.mappings[${pair.decisions[0]!.row}]` };
      }
      continue;
    }
    for (const d of pair.overruled) {
      const by = pair.settledBy![0]!;
      overruled.set(d.row, `overruled by adjudicator ${by.reviewer || '(no reviewer)'} (${name(by.row, by.record)})`);
    }
  }
  if (unsettled.length > 0) {
    const listed = unsettled.slice(0, 5).join('; ') + (unsettled.length > 5 ? `; and ${unsettled.length - 5} more` : '');
    throw new IoaError('E_REVIEW_CONFLICT', `reviewers conflict on ${unsettled.length} pair(s) and no adjudicator settled them (${listed}); list them with \`ioa-align review conflicts\` and settle each with a decision made under \`review --reviewer ID --adjudicator\`, then build again`, first);
  }
  return { overruled };
}
