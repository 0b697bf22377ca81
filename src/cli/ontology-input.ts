/**
 * The two ontologies a command reads beside a mapping set (`coherence`, `artifact build
 * --source/--target`), or the two releases `diff` compares. With `skipInvalid`, bad agent records are left out and what was left out
 * is said on stderr as `propose --skip-invalid` says it, so a records file proposed on that way
 * can be taken through the next steps. Whatever else loading left out or could not check (a
 * server's earlier versions, a server the registry deleted) is said too, as `propose` says it.
 */
import type { OntologyIndex } from '../model/ontology-index.js';
import { asFlagText } from './flags.js';
import { err } from './io.js';

/** A warning of loading as the command says it: the library's `options.skipInvalid` is `--skip-invalid`. */
export function loadingWarning(warning: string): string {
  return asFlagText(warning, { skipInvalid: '--skip-invalid' });
}

/** What loading left out or could not check in each index, on stderr in the command's words. */
export function sayLoadingWarnings(...indexes: readonly OntologyIndex[]): void {
  for (const index of indexes) for (const warning of index.warnings) err(`ioa-align: warning: ${index.source}: ${loadingWarning(warning)}`);
}

export async function loadOntologyPair(source: string, target: string, skipInvalid = false): Promise<{ source: OntologyIndex; target: OntologyIndex }> {
  const { loadOntology } = await import('../api/index.js');
  const loading = skipInvalid ? { skipInvalid: true } : {};
  const [s, t] = await Promise.all([loadOntology(source, loading), loadOntology(target, loading)]);
  sayLoadingWarnings(s, t);
  return { source: s, target: t };
}
