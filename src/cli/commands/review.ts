/**
 * `ioa-align review CANDIDATES --source S --target T --out REVIEWED`: serve the review page on
 * 127.0.0.1 and print its address; every decision lands in REVIEWED at once; Ctrl-C (SIGINT) or
 * SIGTERM stops the server after the last save. `review simulate` measures the same question
 * policy with a simulated reviewer (review-simulate.ts).
 */
import { existsSync } from 'node:fs';
import { defineCommand } from 'citty';
import { IoaError, isIoaError } from '../../api/index.js';
import { openReview, serveReview } from '../../api/review.js';
import { err, out } from '../io.js';
import { warnUncarried, warnUnsure } from '../uncarried.js';
import { STDOUT } from '../output.js';
import { streamDescriptor } from '../../io/files.js';
import { repeatable, repeated } from '../repeated.js';
import { asFlagText, withFlags } from '../flags.js';
import { sayLoadingWarnings } from '../ontology-input.js';
import { progress } from '../progress.js';

/** The options and files of openReview and serveReview that `review` takes as flags. */
const REVIEW_FLAGS = {
  reviewer: '--reviewer', adjudicator: '--adjudicator', port: '--port',
  'files.source': '--source', 'files.target': '--target', 'files.out': '--out', 'files.decisions': '--decisions',
  // The library has no proposal that carries decisions; the command does.
  'propose again with those files\' decisions': 'propose again with --decisions',
  // A session whose file cannot take its decisions: the library's caller writes them beside it
  // (session.rescue()); the command does so itself when it is stopped.
  'session.rescue() writes them': 'the review writes them, when it stops,',
  'Stop the review and have session.rescue() write': 'Stop the review (Ctrl-C), which writes',
  // The address: serveReview returns it, the command prints it.
  'the url that serveReview returned': 'the URL the command printed',
  // A server started again: the command prints its new address.
  'the new url that serveReview returns when the review is served again': 'the new address that `ioa-align review` prints when it is started again',
};

/** A library message (an error, a refusal, why saving fails) in the command's words. */
const commandWords = (message: string): string => asFlagText(message, REVIEW_FLAGS);

export function parsePort(value: string | undefined): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n > 65535) throw new IoaError('E_USAGE', `--port must be an integer from 0 to 65535 (0: any free port), not "${value}"`, { path: '--port' });
  return n;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export default defineCommand({
  meta: {
    name: 'review',
    description: 'Review candidates in a local, keyboard-first web page (prints its address, http://127.0.0.1:PORT/?token=…): one item per subject, its candidates side by side with their evidence; every decision is saved at once to --out as SSSOM that `artifact build` reads; reopening resumes. `review simulate` measures the same question order with a simulated reviewer.',
  },
  args: {
    candidates: { type: 'positional', description: 'Candidate file (SSSOM TSV, CSV or JSON, as `propose` writes it)', required: true },
    source: { type: 'string', description: 'Source ontology (the candidates\' subjects)', required: true },
    target: { type: 'string', description: 'Target ontology (the candidates\' objects)', required: true },
    out: { type: 'string', description: 'Reviewed SSSOM TSV file: created, or resumed when it is the review of the same candidates', required: true },
    reviewer: { type: 'string', description: 'reviewer_id of every decision, e.g. orcid:0000-0002-1825-0097; a second reviewer resuming the same --out adds decisions beside the first one\'s' },
    adjudicator: { type: 'boolean', description: 'This reviewer settles conflicts: their decisions are written with review_role adjudicator and stand over the others\' (needs --reviewer)' },
    decisions: repeatable({ type: 'string', description: 'A reviewed file of an earlier review: its decisions on these candidates are shown and never asked again' }),
    port: { type: 'string', description: 'Port on 127.0.0.1 (default 0: any free port)' },
    'skip-invalid': { type: 'boolean', description: 'Agent record files: leave bad records out (a summary per reason on stderr), as propose --skip-invalid did' },
  },
  subCommands: {
    simulate: async () => (await import('./review-simulate.js')).default,
    conflicts: async () => (await import('./review-conflicts.js')).default,
  },
  async run({ args, rawArgs }) {
    const port = parsePort(args.port);
    if (args.out === '' || args.out === STDOUT || streamDescriptor(args.out) !== undefined) throw new IoaError('E_USAGE', '--out names the reviewed file; standard output or another stream cannot be resumed', { path: '--out' });
    if (args.reviewer === undefined) err('ioa-align: note: no --reviewer given; decisions are saved without reviewer_id');
    // Opening a large file takes seconds per stage (300,000 candidates: about 15 s in all): a terminal is told which.
    const opening = progress('review:');
    const session = await withFlags(REVIEW_FLAGS, () => openReview(
      { candidates: args.candidates, source: args.source, target: args.target, out: args.out, decisions: repeated(rawArgs, 'decisions') },
      {
        ...(args.reviewer !== undefined ? { reviewer: args.reviewer } : {}), ...(args.adjudicator ? { adjudicator: true } : {}),
        ...(args['skip-invalid'] ? { skipInvalid: true } : {}),
        onSaveError: (e) => err(`ioa-align: saving ${args.out} failed: ${commandWords((e as Error).message)}`),
        onProgress: (stage) => opening.status(stage === 'read' ? 'reading the candidates and both ontologies' : 'working out the starting selection and the question order'),
      },
    ));
    opening.done('opened');
    sayLoadingWarnings(session.source, session.target);
    const named = (list: typeof session.uncarried): string[] => list.map((d) => `${d.subject} ${d.predicate} ${d.object} (${d.decision}${d.reviewer ? ` by ${d.reviewer}` : ''})`);
    const unproposed = session.uncarried.filter((d) => d.why === 'unproposed');
    const unsure = session.uncarried.filter((d) => d.why === 'unsure');
    if (unproposed.length > 0) warnUncarried(named(unproposed), 'the candidates');
    if (unsure.length > 0) warnUnsure(named(unsure));
    // The page shows the server's messages: in the command's words, its flags and Ctrl-C.
    const server = await withFlags(REVIEW_FLAGS, () => serveReview(session, { port, wording: commandWords }));
    const p = session.progress();
    const found = session.decisionRows();
    // Carried is what this session brought in (--decisions, the candidate file's earlier
    // decisions); a row resumed from --out that was carried once before is resumed.
    const carried = session.carried().count;
    const resumed = found.rows - carried;
    const from = repeated(rawArgs, 'decisions').length > 0 ? '--decisions' : 'the candidate file';
    err(`ioa-align: ${count(p.candidates, 'candidate')} for ${count(p.subjects, 'subject')}; ${count(resumed, 'decision')} resumed from ${args.out}${carried ? `, ${count(carried, 'decision')} carried from ${from}` : ''}${p.conflicts ? `; ${count(p.conflicts, 'pair')} where reviewers conflict (show: conflicts)` : ''}; Ctrl-C saves and stops`);
    // The listener stays until the last save is on disk: the atomic writer's own interrupt
    // handler (src/io/temp.ts) re-raises the signal only when nobody else listens. It is in place
    // before the address is printed, so a Ctrl-C the moment the address appears stops cleanly.
    let stop = (): void => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    out(server.url);
    await stopped;
    try {
      // A resumed file holds what was resumed, not what was carried in: a session that only
      // carried decisions writes them now, so the file holds what "saved" counts (a new file is
      // still written only with the first decision made, and says so below).
      if (existsSync(args.out) && session.carried().unwritten) session.save();
      await server.close();
    } catch (error) {
      // The reviewed file could not take the last decisions (another process changed it, the disk
      // is full): they go to a new file beside it, never lost and never over anyone's work.
      if (session.decisionRows().rows === 0) throw error;
      const rescued = await session.rescue();
      throw new IoaError(isIoaError(error) ? error.code : 'E_WRITE_FAILED', `${commandWords((error as Error).message)}; this session's decisions are in ${rescued} (\`review … --decisions ${rescued}\` carries them into a new session)`, { file: args.out }, { cause: error });
    } finally {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    }
    // Counted as rows of the file, every reviewer's: an adjudicator who decided nothing is not
    // told that the file now holds fewer decisions than it does.
    const done = session.decisionRows();
    // Nothing is written until a decision is made: decisions carried from --decisions alone are
    // shown, not saved, so say that rather than count them as saved to a file that is not there.
    if (!existsSync(args.out)) err(`ioa-align: no decision was made: ${args.out} was not written${done.rows > 0 ? ` (the ${count(done.rows, 'decision')} carried from earlier reviews are saved with the first one made)` : ''}`);
    else err(`ioa-align: saved ${count(done.rows, 'decision')} (${done.accept} accepted, ${done.reject} rejected, ${done.unsure} unsure) to ${args.out}`);
  },
});
