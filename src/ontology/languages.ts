/**
 * Language tags as loaders meet them. Tags are kept as written (lower-cased: BCP 47 tags are
 * case-insensitive), unknown ones included; a tag the text's script contradicts (Chinese text
 * tagged `@en`) is reported here, and the generators match such a name by its content
 * (src/text/script.ts contentLanguage).
 */
import type { Concept } from '../model/concept.js';
import { contentLanguage } from '../text/script.js';

/** Names shown per warning kind before "… and N more". */
const SHOWN = 5;

/** Warnings for labels and synonyms whose tag the script contradicts, one line per tag/script pair. */
export function mistaggedNames(concepts: readonly Concept[]): string[] {
  const groups = new Map<string, { tag: string; as: string; examples: string[]; count: number }>();
  for (const c of concepts) {
    // Most names carry no tag: look at the tagged ones only, without copying every name list.
    for (const name of c.labels.some((l) => l.lang) || c.synonyms.some((x) => x.lang) ? [...c.labels, ...c.synonyms] : []) {
      if (!name.lang) continue;
      const content = contentLanguage(name.text, name.lang);
      if (!content.mistagged) continue;
      const key = `${name.lang}\u0000${content.lang}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { tag: name.lang, as: content.lang, examples: [], count: 0 }));
      group.count++;
      if (group.examples.length < SHOWN) group.examples.push(`${c.iri} "${name.text}"`);
    }
  }
  return [...groups.values()].map(
    (g) =>
      `${g.count} name(s) tagged @${g.tag} are written in the script of "${g.as}" and are matched as "${g.as}": ` +
      `${g.examples.join(', ')}${g.count > g.examples.length ? `, … and ${g.count - g.examples.length} more` : ''}`,
  );
}

export interface LanguageCount {
  /** Content language (`zh`, `en`, or the tag's primary subtag). */
  language: string;
  labels: number;
  synonyms: number;
  /** Concepts with at least one label or synonym in it. */
  concepts: number;
  /** Names whose language came from their tag, from their script, or from the English default (untagged Latin). */
  byTag: number;
  byScript: number;
  byDefault: number;
  /** Tags as written for this language (e.g. `zh`, `zh-hans`). */
  tags: string[];
  /** A few labels, for a reader to see what the language's names look like. */
  examples: string[];
}

/** Labels and synonyms per content language, most names first. */
export function countLanguages(concepts: readonly Concept[], examples = 3): LanguageCount[] {
  const counts = new Map<string, LanguageCount & { conceptSet: Set<string>; tagSet: Set<string> }>();
  for (const c of concepts) {
    const names: Array<[text: string, lang: string | undefined, synonym: boolean]> = [
      ...c.labels.map((l): [string, string | undefined, boolean] => [l.text, l.lang, false]),
      ...c.synonyms.map((s): [string, string | undefined, boolean] => [s.text, s.lang, true]),
    ];
    for (const [text, tag, synonym] of names) {
      const content = contentLanguage(text, tag);
      let entry = counts.get(content.lang);
      if (!entry) {
        entry = { language: content.lang, labels: 0, synonyms: 0, concepts: 0, byTag: 0, byScript: 0, byDefault: 0, tags: [], examples: [], conceptSet: new Set(), tagSet: new Set() };
        counts.set(content.lang, entry);
      }
      if (synonym) entry.synonyms++;
      else {
        entry.labels++;
        if (entry.examples.length < examples && !entry.examples.includes(text)) entry.examples.push(text);
      }
      if (content.basis === 'tag') entry.byTag++;
      else if (content.basis === 'script') entry.byScript++;
      else entry.byDefault++;
      if (tag) entry.tagSet.add(tag);
      entry.conceptSet.add(c.iri);
    }
  }
  return [...counts.values()]
    .map(({ conceptSet, tagSet, ...rest }) => ({ ...rest, concepts: conceptSet.size, tags: [...tagSet].sort() }))
    .sort((a, b) => b.labels + b.synonyms - (a.labels + a.synonyms) || (a.language < b.language ? -1 : 1));
}
