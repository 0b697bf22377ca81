/**
 * Human summaries of a version diff and an artifact upgrade (the CLI prints them on stderr, or
 * writes the long form with `--summary FILE`).
 */
import type { OntologyIndex } from '../model/ontology-index.js';
import { CHANGE_KINDS, type VersionDiff } from './diff.js';
import { preferredLabel } from './identity.js';
import type { UpgradeResult } from './upgrade.js';

const relationCounts = (rows: ReadonlyArray<{ predicate: string }>): string => {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.predicate, (counts.get(r.predicate) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([p, n]) => `${p} ${n}`).join(', ');
};

const name = (index: OntologyIndex | undefined, iri: string): string => {
  const c = index?.byIri.get(iri);
  const label = c ? preferredLabel(c) : undefined;
  return label !== undefined ? `${label} <${iri}>` : iri;
};

/** The short summary (a few lines); with `detail`, every old concept that changed by kind, and the added ones. */
export function formatDiffSummary(diff: VersionDiff, detail = false, indexes?: { old: OntologyIndex; new: OntologyIndex }): string {
  const lines: string[] = [];
  const ontology = diff.new.ontologyId ?? diff.old.ontologyId ?? diff.new.source;
  lines.push(`${ontology}: ${diff.old.version ?? '?'} → ${diff.new.version ?? '?'}, ${diff.sizes.old} concept(s) in the old release, ${diff.sizes.new} in the new one`);
  lines.push(`  ${CHANGE_KINDS.filter((k) => diff.counts[k] > 0 || k === 'unchanged' || k === 'removed' || k === 'added').map((k) => `${k} ${diff.counts[k]}`).join(' · ')}`);
  const kept = diff.concepts.filter((c) => c.identity);
  const byKind = new Map<string, number>();
  for (const c of kept) byKind.set(c.identity!.kind, (byKind.get(c.identity!.kind) ?? 0) + 1);
  lines.push(`  identifier kept: ${kept.length}${byKind.size ? ` (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}; rules on ${diff.concepts.filter((c) => c.carryable).length} concept(s) can be carried unreviewed`);
  lines.push(`  alignment: ${diff.alignment.length} row(s)${diff.alignment.length ? ` (${relationCounts(diff.alignment)})` : ''}`);
  lines.push(diff.compatible
    ? `  every concept is unchanged or only moved, none removed: a profile may declare ${diff.old.version ?? '?'} → ${diff.new.version ?? '?'} compatible (versionRelations)`
    : `  not compatible as a whole: ${diff.concepts.filter((c) => !c.change.every((k) => k === 'unchanged' || k === 'moved')).length} concept(s) changed beyond a move or were removed; carry artifacts over with artifact upgrade rather than declaring the two releases compatible`);
  if (detail) {
    for (const kind of CHANGE_KINDS) {
      if (kind === 'added') continue;
      const list = diff.concepts.filter((c) => c.change.includes(kind));
      if (list.length === 0) continue;
      lines.push('', `${kind} (${list.length}):`);
      for (const c of list) {
        const rows = c.rows.map((r) => `${r.predicate} ${name(indexes?.new, r.object)} [${r.evidence}]`).join('; ');
        lines.push(`  ${name(indexes?.old, c.iri)}${rows ? ` → ${rows}` : ''}`);
      }
    }
    if (diff.added.length) {
      lines.push('', `added (${diff.added.length}):`);
      for (const iri of diff.added) lines.push(`  ${name(indexes?.new, iri)}`);
    }
  }
  return lines.join('\n');
}

/** Carried, to review, dropped: counts with reasons, and with `detail` every rule. */
export function formatUpgradeSummary(result: UpgradeResult, detail = false): string {
  const lines: string[] = [];
  const total = result.carried.length + result.pending.length + result.dropped.length;
  const draft = result.draft as { artifactId: string; revision: string };
  lines.push(`${draft.artifactId} revision ${draft.revision} (draft, unsigned): ${total} rule(s) of the earlier revision — carried ${result.carried.length}, to review ${result.pending.length} (${result.review.mappings.length} candidate row(s)), dropped ${result.dropped.length}`);
  const group = (items: ReadonlyArray<{ why: string }>): Array<[string, number]> => {
    const counts = new Map<string, number>();
    // Reasons name concepts and versions; group on their kind (the text before the first ": " or
    // parenthesis; a CURIE's colon, as in "relates it by skos:broadMatch", is part of the kind).
    for (const i of items) {
      const kind = i.why.replace(/\s*\([^)]*\)/g, '').replace(/: .*$/, '');
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  };
  for (const [title, items] of [['carried', result.carried], ['to review', result.pending], ['dropped', result.dropped]] as const) {
    for (const [why, n] of group(items)) lines.push(`  ${title} ${n}: ${why}`);
  }
  if (detail) {
    for (const c of result.carried) lines.push(`  rule ${c.index} carried: ${c.rule.from} → ${c.rule.to} becomes ${c.carried.from} → ${c.carried.to} (${c.why})`);
    for (const p of result.pending) lines.push(`  rule ${p.index} to review: ${p.rule.from} → ${p.rule.to}, ${p.candidates} candidate(s) (${p.why})`);
    for (const d of result.dropped) lines.push(`  rule ${d.index} dropped: ${d.rule.from} → ${d.rule.to} (${d.why})`);
  }
  lines.push('  nothing was signed: review the review file, then artifact build --merge, then artifact sign');
  return lines.join('\n');
}
