/**
 * Self-supervised word pairs from an ontology's own synonyms (as BERTMap fine-tunes on
 * intra-ontology synonyms): when two names of one concept differ in exactly one word each
 * ("Kidney Artery" / "Renal Artery", "Gastric Serosa" / "Stomach Serosa"), those two words are
 * used as synonyms for retrofitting.
 */
import type { Concept } from '../model/concept.js';

const words = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Unordered word pairs (each once), from labels and exact/related synonyms of each concept. */
export function synonymWordPairs(concepts: Iterable<Concept>): Array<[string, string]> {
  const seen = new Set<string>();
  const out: Array<[string, string]> = [];
  for (const c of concepts) {
    const names = [...c.labels.map((l) => l.text), ...c.synonyms.filter((s) => s.kind === 'exact' || s.kind === 'related').map((s) => s.text)].map(words);
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const a = names[i]!;
        const b = names[j]!;
        const onlyA = a.filter((w) => !b.includes(w));
        const onlyB = b.filter((w) => !a.includes(w));
        if (onlyA.length !== 1 || onlyB.length !== 1) continue;
        const [x, y] = [onlyA[0]!, onlyB[0]!];
        if (x === y || /^\d+$/.test(x) || /^\d+$/.test(y)) continue;
        const key = x < y ? `${x} ${y}` : `${y} ${x}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push([x, y]);
      }
    }
  }
  return out;
}
