/**
 * A candidate file repeats most of its cells from row to row (a subject's id and label, the tool,
 * the measure, the predicate). The reader shares what it worked out for a repeated cell; these
 * tests hold it to reading each row as if it stood alone.
 */
import { describe, expect, it } from 'vitest';
import { isIoaError } from '../../src/model/errors.js';
import { parseSssom, type ExchangeWarning } from '../../src/exchange/index.js';

const meta = (ex: string): string[] => [
  '#curie_map:',
  `#  ex: ${ex}`,
  '#mapping_set_id: https://example.org/sets/1',
  '#license: https://creativecommons.org/publicdomain/zero/1.0/',
];
const HEADER = 'subject_id\tsubject_label\tpredicate_id\tobject_id\tmapping_justification\tsubject_match_field\tsimilarity_score';
const tsv = (...lines: string[]): string => `${lines.join('\n')}\n`;

function failure(fn: () => unknown): { code: string; line?: number } {
  try {
    fn();
  } catch (error) {
    if (isIoaError(error)) return { code: error.code, line: error.location.line };
    throw error;
  }
  throw new Error('expected an IoaError, got none');
}

describe('repeated cells', () => {
  it('gives each record its own list: changing one row\'s match fields leaves the next row\'s as read', () => {
    const set = parseSssom(tsv(...meta('http://example.org/a/'), HEADER,
      'ex:1\tone\tskos:exactMatch\tex:9\tsemapv:LexicalMatching\trdfs:label|skos:altLabel\t0.5',
      'ex:1\tone\tskos:closeMatch\tex:8\tsemapv:LexicalMatching\trdfs:label|skos:altLabel\t0.4'), 'f.tsv');
    const [first, second] = set.mappings;
    const fields = (r: typeof first): string[] => r!.extra!.subject_match_field as string[];
    expect(fields(first)).toEqual(['rdfs:label', 'skos:altLabel']);
    fields(first).push('rdfs:comment');
    expect(fields(second)).toEqual(['rdfs:label', 'skos:altLabel']);
  });

  it('expands the same CURIE by each file\'s own curie_map', () => {
    const row = 'ex:1\tone\tskos:exactMatch\tex:9\tsemapv:LexicalMatching\t\t0.5';
    const a = parseSssom(tsv(...meta('http://example.org/a/'), HEADER, row), 'a.tsv');
    const b = parseSssom(tsv(...meta('http://example.org/b/'), HEADER, row), 'b.tsv');
    expect(a.mappings[0]!.subjectId).toBe('http://example.org/a/1');
    expect(b.mappings[0]!.subjectId).toBe('http://example.org/b/1');
    expect(b.mappings[0]!.objectId).toBe('http://example.org/b/9');
  });

  it('refuses a bad value on every row that has it, at that row\'s line', () => {
    const good = 'ex:1\tone\tskos:exactMatch\tex:9\tsemapv:LexicalMatching\t\t0.5';
    const text = (bad: string): string => tsv(...meta('http://example.org/a/'), HEADER, good, good, bad);
    // Line 5 is the header, 6 and 7 the good rows.
    expect(failure(() => parseSssom(text('ex:1\tone\tfoo:exactMatch\tex:9\tsemapv:LexicalMatching\t\t0.5'), 'f.tsv'))).toEqual({ code: 'E_SSSOM_UNKNOWN_PREFIX', line: 8 });
    expect(failure(() => parseSssom(text('ex:1\tone\tskos:exactMatch\tex:9\tsemapv:LexicalMatching\t\t1.5'), 'f.tsv'))).toEqual({ code: 'E_SSSOM_SCORE_RANGE', line: 8 });
    expect(failure(() => parseSssom(text('ex:1\tone\tskos:exactMatch\tnope:9\tsemapv:LexicalMatching\t\t0.5'), 'f.tsv'))).toEqual({ code: 'E_SSSOM_UNKNOWN_PREFIX', line: 8 });
    expect(failure(() => parseSssom(text('ex:1\tone\tskos:exactMatch\tex:9\tsemapv:Guessing\t\t0.5'), 'f.tsv'))).toEqual({ code: 'E_SSSOM_BAD_ROW', line: 8 });
  });

  it('warns once for a well-known prefix used undeclared, however many rows use it', () => {
    const warnings: ExchangeWarning[] = [];
    const row = (n: number): string => `ex:${n}\tone\tskos:exactMatch\tex:9\tsemapv:ManualMappingCuration\t\t0.5\torcid:0000-0002-1825-0097`;
    const set = parseSssom(tsv(...meta('http://example.org/a/'), `${HEADER}\treviewer_id`, row(1), row(2), row(3)), 'f.tsv', { onWarning: (w) => warnings.push(w) });
    expect(warnings.map((w) => [w.code, w.location.line])).toEqual([['SSSOM_UNDECLARED_PREFIX', 6]]);
    expect(set.mappings.map((m) => m.reviewerId)).toEqual(Array(3).fill(['https://orcid.org/0000-0002-1825-0097']));
  });
});
