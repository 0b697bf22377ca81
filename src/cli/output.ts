/**
 * Where a command's results go: standard output (no `--out`, `--out -`, or `--out /dev/stdout`),
 * or files written by the shared writer (src/io/files.ts: atomic, never over a directory, FIFO,
 * socket or one of the command's inputs; through symbolic links, character devices and open
 * descriptors such as `/dev/fd/3`).
 *
 * Every output of a run is opened here when the command starts, before the work, and checked
 * against the run's inputs and against every output opened before it: no output may be an input
 * (nor the metadata sidecar `F.yml` an input `F.tsv`/`F.csv` is read with), and no two outputs
 * may be one file or one another's sidecar (`--out F --summary F`, `--out F.csv --summary
 * F.yml`). The rule lives here once, so a command with a second output gets it by opening that
 * output like the first.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { IoaError } from '../model/errors.js';
import { assertDistinctOutput, checkOutputFolder, resolveOutput, streamDescriptor, writeFileAtomic, type NamedTarget, type OutputOptions } from '../io/files.js';
import { cliIo, out, type CliIo } from './io.js';
import { refuseReplacingDecisions } from '../exchange/decision-guard.js';
export { mayHoldDecisions } from '../exchange/decision-guard.js';

export interface Output {
  /** Undefined when the result goes to standard output. */
  readonly path: string | undefined;
  /** Write the whole result; a final newline is added when missing, as on standard output. */
  write(text: string): Promise<void>;
}

/** `--out -` names standard output, as in most command-line tools. */
export const STDOUT = '-';

export interface OpenOutputOptions extends OutputOptions {
  /** The option that names this output, for messages (default `--out`). */
  option?: string;
  /**
   * The output is a new set of candidates: an existing file there that holds reviewers'
   * decisions is refused (`E_OUT_HOLDS_DECISIONS`) rather than replaced (see
   * refuseReplacingDecisions). `carryOption` names the command's option that carries earlier
   * decisions into new candidates, for the message.
   */
  candidates?: { carryOption?: string };
  /**
   * The output is itself a file of decisions made elsewhere (`convert` of a reviewed file,
   * `records declared`): writing it again over an earlier one is the point. Every other output
   * (a summary, an artifact, a review file of an upgrade, an export) refuses to replace a file
   * that holds reviewers' decisions, as new candidates do.
   */
  mayReplaceDecisions?: boolean;
  /**
   * Files written beside the output (a CSV file's metadata sidecar), checked the same way; an
   * existing one that is not SSSOM metadata is refused too (assertReplaceableSidecar).
   */
  companions?: (path: string) => readonly string[];
  /**
   * The output is a JSON document (an artifact or an upgrade draft): a name whose extension means
   * another mapping format (`.tsv`, `.csv`, `.rdf`, `.xml`) is refused, since `convert` and
   * `coherence` take a file's format from its extension and could not read it back.
   */
  json?: boolean;
}

/** The outputs each run (each `main` call: its own CliIo) has opened so far. */
const opened = new WeakMap<CliIo, NamedTarget[]>();

/** Whether `path` means this process's standard output (`-`, `/dev/stdout`, `/dev/fd/1`, …). */
export function isStandardOutput(path: string): boolean {
  return path === STDOUT || streamDescriptor(path) === 1;
}

/**
 * The inputs with the metadata sidecar each TSV or CSV mapping file is read with (`F.yml` beside
 * `F.tsv`; src/exchange/files.ts), so an output never replaces the metadata of an input either.
 */
async function withSidecars(inputs: readonly (string | undefined)[] | undefined): Promise<Array<string | undefined>> {
  const list = [...(inputs ?? [])];
  if (!list.some((p) => p !== undefined && /^\.(tsv|csv)$/i.test(extname(p)))) return list;
  const { sidecarPath } = await import('../exchange/files.js');
  for (const p of inputs ?? []) if (p !== undefined && /^\.(tsv|csv)$/i.test(extname(p))) list.push(sidecarPath(p));
  return list;
}

const FORMAT_NAMES: Record<string, string> = { sssom: 'SSSOM TSV', csv: 'CSV', alignment: 'Alignment RDF/XML' };

/** See OpenOutputOptions.json. */
async function refuseNonJsonName(outPath: string, option: string): Promise<void> {
  const { formatFromExtension } = await import('../exchange/files.js');
  const implied = formatFromExtension(outPath);
  if (implied === undefined || implied === 'json') return;
  throw new IoaError('E_USAGE', `${option} ${outPath} is written as JSON, but its extension means ${FORMAT_NAMES[implied] ?? implied}: convert and coherence would read it as that and fail; name it .json`, { file: outPath, path: option });
}

/**
 * Check the output `outPath` (and its companions) now, before the work: refused with `E_USAGE`
 * when it is an input or one of the run's other outputs (see the module comment), with
 * `E_WRITE_FAILED` when its folder is missing or does not take files, and for new candidates
 * with `E_OUT_HOLDS_DECISIONS` when the file there holds reviewers' decisions.
 */
export async function openOutput(outPath: string | undefined, options: OpenOutputOptions = {}): Promise<Output> {
  const option = options.option ?? '--out';
  if (outPath === '') throw new IoaError('E_USAGE', `${option} needs a file path (or ${STDOUT} for standard output)`, { path: option });
  if (outPath === undefined || isStandardOutput(outPath)) return { path: undefined, write: async (text) => out(text) };
  const checks = { ...options, inputs: await withSidecars(options.inputs) };
  const run = opened.get(cliIo()) ?? [];
  opened.set(cliIo(), run);
  const main: NamedTarget = { name: `${option} ${outPath}`, target: await resolveOutput(outPath, checks) };
  if (options.json) await refuseNonJsonName(outPath, option);
  if (!options.mayReplaceDecisions) await refuseReplacingDecisions(outPath, option, options.candidates);
  assertDistinctOutput(main, run);
  const mine = [main];
  for (const companion of options.companions?.(outPath) ?? []) {
    const next: NamedTarget = { name: `${companion} (the metadata file of ${option} ${outPath})`, target: await resolveOutput(companion, checks) };
    assertDistinctOutput(next, [...run, ...mine]);
    if (next.target.kind === 'file') await (await import('../exchange/files.js')).assertReplaceableSidecar(companion, `${option} ${outPath}`);
    mine.push(next);
  }
  run.push(...mine);
  return {
    path: outPath,
    write: (text) => writeFileAtomic(outPath, text.endsWith('\n') ? text : `${text}\n`, checks),
  };
}

/**
 * For commands whose `--out` names a folder (`bench`, `keys generate`): `-` cannot be one. The
 * folder, or the nearest existing folder it would be created in, must take files: checked now,
 * before the work.
 */
export async function outputFolder(outPath: string, option = '--out'): Promise<string> {
  if (outPath === STDOUT || outPath === '' || streamDescriptor(outPath) !== undefined) {
    throw new IoaError('E_USAGE', `${option} names a folder here; standard output (-) cannot hold several files`, { path: option });
  }
  await checkOutputFolder(outPath);
  return outPath;
}
