/**
 * "Did you mean": the closest declared name to a misspelt one, for CLI flags (`--top-k`) and
 * library option keys (`topK`) alike.
 */
import { distance } from 'fastest-levenshtein';

/** `topK`, `top_k`, `TOP-K` → `top-k`: how a misspelt name is compared with the declared ones. */
const normaliseName = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase().replace(/_/g, '-');

/** Whether `b` is `a` with two neighbouring letters swapped (`nwo` for `now`): one slip, not two edits. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const at = [...a].findIndex((ch, i) => ch !== b[i]);
  return at >= 0 && at + 1 < a.length && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}

/**
 * The closest of `choices` to `wrong`, when it is close enough to be what was meant: a different
 * spelling of the same name, an edit distance (a swap of two neighbouring letters counting as one) of at most a third of its length (at least 1), or
 * the only choice that begins with what was typed. Names compare in one spelling (`topk` is one
 * edit from `topK`, as from `top-k`); the choice comes back as declared.
 */
export function suggest(wrong: string, choices: readonly string[]): string | undefined {
  const typed = normaliseName(wrong);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const choice of choices) {
    const declared = normaliseName(choice);
    const d = swapped(typed, declared) ? 1 : distance(typed, declared);
    if (d < bestDistance) {
      best = choice;
      bestDistance = d;
    }
  }
  if (best !== undefined && bestDistance <= Math.max(1, Math.floor(normaliseName(best).length / 3))) return best;
  const prefixed = typed.length >= 2 ? choices.filter((c) => normaliseName(c).startsWith(typed)) : [];
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
