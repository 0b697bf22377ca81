/**
 * Word segmentation for text written without spaces (Chinese). Three ways, measured against each
 * other in benchmarks/multilingual/segmentation.mjs:
 *
 * - `icu`: `Intl.Segmenter` (Node's ICU, its own Chinese word list). It splits domain words the
 *   dictionary has (调试 "debug" → 调 试, 标注 "annotate" → 标 注) and never joins a term the
 *   dictionary glosses as a whole (语音识别 "speech recognition").
 * - `maxmatch`: forward maximum matching over a dictionary's headwords, the classic baseline.
 * - `lattice`: every headword the text contains, plus each single character, so that matching
 *   chooses the segmentation that explains the other side best (身高 "height" as one word, or
 *   身 "body" + 高 "height"); longer words are preferred where both explain it equally.
 *
 * Runs of other scripts inside the text (`OCR识别`, `CT扫描`) are kept as one span each.
 */

export type SegmentationMode = 'lattice' | 'maxmatch' | 'icu';
export const SEGMENTATION_MODES: readonly SegmentationMode[] = ['lattice', 'maxmatch', 'icu'];

export interface Span {
  start: number;
  end: number;
  text: string;
  /** `han`: a run of Han characters to look up; `other`: Latin letters, digits … matched as written. */
  kind: 'han' | 'other';
}

const HAN_CHAR = /[\p{Script=Han}\u3005-\u3007]/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Runs of Han characters and runs of other letters/digits; punctuation and spaces separate. */
export function scriptRuns(text: string): Span[] {
  const runs: Span[] = [];
  const chars = [...text];
  let offset = 0;
  let current: Span | undefined;
  for (const ch of chars) {
    const kind: Span['kind'] | undefined = HAN_CHAR.test(ch) ? 'han' : WORD_CHAR.test(ch) ? 'other' : undefined;
    if (kind && current && current.kind === kind && current.end === offset) {
      current.end += ch.length;
      current.text += ch;
    } else if (kind) {
      current = { start: offset, end: offset + ch.length, text: ch, kind };
      runs.push(current);
    } else {
      current = undefined;
    }
    offset += ch.length;
  }
  return runs;
}

/** Forward maximum matching of one Han run; unknown characters stand alone. */
export function maxMatch(run: string, has: (word: string) => boolean, maxLength: number): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < run.length) {
    const step = run.codePointAt(i)! > 0xffff ? 2 : 1;
    let j = Math.min(run.length, i + Math.max(maxLength, step));
    while (j > i + step && !has(run.slice(i, j))) j--;
    out.push(run.slice(i, j));
    i = j;
  }
  return out;
}

let icu: Intl.Segmenter | undefined;

/** ICU's word segmentation of one Han run. */
export function icuWords(run: string): string[] {
  icu ??= new Intl.Segmenter('zh', { granularity: 'word' });
  return [...icu.segment(run)].filter((s) => s.isWordLike !== false && s.segment.trim()).map((s) => s.segment);
}

/**
 * The spans matching may use: for `lattice` every headword inside each Han run and every single
 * character; for `maxmatch` and `icu` one segmentation. Non-Han runs are always one span.
 */
export function segmentSpans(text: string, mode: SegmentationMode, has: (word: string) => boolean, maxLength: number): Span[] {
  const spans: Span[] = [];
  for (const run of scriptRuns(text)) {
    if (run.kind === 'other') {
      spans.push(run);
      continue;
    }
    if (mode === 'lattice') {
      // Offsets of code points, so that a character outside the BMP is never cut in half.
      const cuts: number[] = [];
      for (let k = 0; k < run.text.length; k += run.text.codePointAt(k)! > 0xffff ? 2 : 1) cuts.push(k);
      cuts.push(run.text.length);
      for (let a = 0; a < cuts.length - 1; a++) {
        for (let b = a + 1; b < cuts.length && cuts[b]! - cuts[a]! <= maxLength; b++) {
          const word = run.text.slice(cuts[a], cuts[b]);
          if (b === a + 1 || has(word)) spans.push({ start: run.start + cuts[a]!, end: run.start + cuts[b]!, text: word, kind: 'han' });
        }
      }
      continue;
    }
    const words = mode === 'icu' ? icuWords(run.text) : maxMatch(run.text, has, maxLength);
    let at = run.start;
    for (const word of words) {
      spans.push({ start: at, end: at + word.length, text: word, kind: 'han' });
      at += word.length;
    }
  }
  return spans;
}
