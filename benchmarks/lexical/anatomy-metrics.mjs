// Hits@1, recall@10, MRR and rank-1 precision of ranked candidates against OAEI reference cells.
export function metrics(candidates, reference) {
  const bySubject = new Map();
  for (const c of candidates) {
    if (!bySubject.has(c.subject)) bySubject.set(c.subject, []);
    bySubject.get(c.subject).push(c);
  }
  let hits1 = 0, hits10 = 0, rr = 0;
  for (const cell of reference) {
    const list = bySubject.get(cell.entity1) ?? [];
    const found = list.find((c) => c.object === cell.entity2 && c.predicate === 'skos:exactMatch');
    if (!found) continue;
    if (found.rank === 1) hits1++;
    if (found.rank <= 10) hits10++;
    rr += 1 / found.rank;
  }
  const n = reference.length;
  // Precision of rank-1 proposals: how often the top candidate of a subject is a reference pair.
  const refSet = new Set(reference.map((c) => `${c.entity1} ${c.entity2}`));
  const top1 = candidates.filter((c) => c.rank === 1);
  const p1 = top1.filter((c) => refSet.has(`${c.subject} ${c.object}`)).length / (top1.length || 1);
  return { hitsAt1: hits1 / n, recallAt10: hits10 / n, mrr: rr / n, rank1Precision: p1, subjects: bySubject.size };
}

