/**
 * `ioa-align review conflicts REVIEWED…`: the pairs on which reviewers' decisions conflict and
 * no adjudicator settled them, each decision with its reviewer, date, comment and line. Several
 * files are read as one review (reviewers who worked in files of their own), each reviewer's
 * latest decision on a candidate, as `propose --decisions` and `review --decisions` read them.
 */
import { defineCommand } from 'citty';
import { IoaError } from '../../api/index.js';
import { readMappings } from '../../api/index.js';
import { pairReviews, reviewedDecisions, unsettledConflicts, type ReviewedDecision } from '../../api/review.js';
import { sourceLine } from '../../exchange/index.js';
import { latestPerReviewer, writtenReversed } from '../../exchange/reviewed.js';
import { out, report } from '../io.js';
import { repeatable } from '../repeated.js';

export default defineCommand({
  meta: { name: 'conflicts', description: 'List the pairs on which reviewers\' decisions conflict (one accepts what another rejects, or they accept different relations) and no adjudicator settled them; settle each with a decision made under `review --reviewer ID --adjudicator`. artifact build refuses an unsettled conflict.' },
  args: {
    reviewed: repeatable({ type: 'positional', description: 'Reviewed SSSOM files (several are read as one review)', required: true }),
    json: { type: 'boolean', description: 'Print one JSON object: {conflicts: [{subject_id, object_id, decisions: [...]}], settled, superseded, duplicates}' },
  },
  async run({ args }) {
    const files = (args._ as string[] | undefined)?.length ? (args._ as string[]) : [args.reviewed];
    if (files.length === 0) throw new IoaError('E_USAGE', 'give one or more reviewed files', { path: 'reviewed' });
    const decisions: Array<ReviewedDecision & { file: string }> = [];
    for (const file of files) {
      const set = await readMappings(file);
      for (const d of reviewedDecisions(set, { file })) decisions.push({ ...d, row: decisions.length, file });
    }
    // One review, read as propose --decisions and review --decisions read it: each reviewer's
    // latest decision on a candidate; the ones it supersedes are no longer what she says.
    const read = latestPerReviewer(decisions);
    // What was left out is either the same decision read again (a file given twice, a copy) or
    // one her later decision superseded: only the second changes what she says.
    const said = (d: ReviewedDecision): string => [d.reviewer, d.subject, d.object, d.proposed, d.decision, d.predicate, d.adjudicator, d.date ?? ''].join('\u0000');
    const kept = new Set(read.map(said));
    const keptRows = new Set(read);
    const left = decisions.filter((d) => !keptRows.has(d));
    const duplicates = left.filter((d) => kept.has(said(d))).length;
    const superseded = left.length - duplicates;
    const conflicts = unsettledConflicts(read);
    const settled = pairReviews(read).filter((p) => p.settledBy !== undefined).length;
    const where = (d: ReviewedDecision & { file: string }): string => {
      const line = sourceLine(d.record);
      return line === undefined ? d.file : `${d.file}:${line}`;
    };
    if (args.json) {
      out(JSON.stringify({
        conflicts: conflicts.map((p) => ({
          subject_id: p.subject, object_id: p.object,
          decisions: (p.decisions as Array<ReviewedDecision & { file: string }>).map((d) => ({
            reviewer_id: d.reviewer || null, review_date: d.date ?? null, decision: d.decision, predicate_id: d.predicate, candidate_predicate: d.proposed,
            comment: d.comment ?? null, adjudicator: d.adjudicator, file: d.file, line: sourceLine(d.record) ?? null,
          })),
        })),
        settled,
        superseded,
        duplicates,
      }));
      return;
    }
    const lines = [`${conflicts.length} pair(s) where reviewers conflict, unsettled; ${settled} settled by an adjudicator${superseded ? `; ${superseded} decision(s) superseded by the same reviewer's later one, not counted` : ''}${duplicates ? `; ${duplicates} decision(s) read twice, counted once` : ''}`];
    for (const p of conflicts) {
      lines.push('', `${p.subject} → ${p.object}`);
      for (const d of p.decisions as Array<ReviewedDecision & { file: string }>) {
        const what = (d.decision === 'accept' ? `accepts ${d.predicate}` : d.decision === 'reject' ? `rejects ${d.predicate}` : `is unsure about ${d.proposed}`) + writtenReversed(d, p);
        lines.push(`  ${d.reviewer || '(no reviewer)'}${d.adjudicator ? ' (adjudicator)' : ''} ${what}${d.date ? ` on ${d.date}` : ''} (${where(d)})${d.comment ? `: ${JSON.stringify(d.comment)}` : ''}`);
      }
    }
    if (conflicts.length > 0) {
      lines.push('', 'Settle each: `ioa-align review CANDIDATES … --out REVIEWED --reviewer ID --adjudicator`, filter the page by conflicts, decide.');
      // One reviewer's two decisions of one day that nothing orders: her deciding again replaces both.
      if (conflicts.some((p) => { const named = p.decisions.filter((d) => !d.adjudicator && d.reviewer !== ''); return new Set(named.map((d) => d.reviewer)).size < named.length; })) {
        lines.push('A reviewer listed twice on a pair can also settle her own two decisions herself: open the review with her --reviewer and decide the pair again.');
      }
    }
    report(lines.join('\n'));
  },
});
