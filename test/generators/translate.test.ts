import { describe, expect, it } from 'vitest';
import translate from '../../src/generators/translate.js';
import type { DefinitionLexicon, SynonymLexicon } from '../../src/generators/wordnet-lexicon.js';
import { parseCedict } from '../../src/text/cedict.js';
import { collect, generatorSuite } from './suite.js';
import { ontology } from './fixtures.js';

const S = 'http://example.org/zh#';
const T = 'http://example.org/en#';

/** Stand-ins for WordNet so that these tests check the alignment, not WordNet's contents. */
const noSynonyms: SynonymLexicon = { synonyms: async () => new Map() };
const noDefinitions: DefinitionLexicon = { definitions: async () => new Map() };
const make = (config: Record<string, unknown> = {}) => translate({ lexicon: noSynonyms, definitions: noDefinitions, ...config });

function bilingualSource() {
  return ontology('zh-source', [
    { iri: `${S}Summary`, kind: 'capability', labels: [{ text: '文本摘要', lang: 'zh' }] },
    { iri: `${S}Translation`, kind: 'capability', labels: [{ text: '翻译', lang: 'zh' }] },
    { iri: `${S}Height`, labels: [{ text: '身高异常', lang: 'zh' }] },
    { iri: `${S}Liver`, labels: [{ text: '肝', lang: 'zh' }] },
    // An English name in the same ontology: matching it with itself pairs the two languages.
    { iri: `${S}EnglishSummary`, kind: 'capability', labels: ['text summary'] },
  ]);
}

function englishTarget() {
  return ontology('en-target', [
    { iri: `${T}Summarization`, kind: 'capability', labels: ['Text Summarization'] },
    { iri: `${T}MachineTranslation`, kind: 'capability', labels: ['Translation'] },
    { iri: `${T}BodyHeight`, labels: ['Abnormality of body height'] },
    { iri: `${T}Liver`, labels: ['Liver'] },
    { iri: `${T}Kidney`, labels: ['Kidney'] },
  ]);
}

generatorSuite('translate', {
  make: () => make(),
  mustFind: [
    ['Summary', 'Summarization'],
    ['Translation', 'MachineTranslation'],
    ['Height', 'BodyHeight'],
    ['Liver', 'Liver'],
  ],
  selfPair: ['Summary', 'EnglishSummary'],
  fixtures: { source: bilingualSource, target: englishTarget },
});

describe('translate: evidence a reviewer can read', () => {
  it('carries the segments, their glosses, the languages and the preprocessing', async () => {
    const candidates = await collect(make(), bilingualSource(), englishTarget());
    const height = candidates.find((c) => c.subject === `${S}Height` && c.rank === 1)!;
    expect(height.object).toBe(`${T}BodyHeight`);
    const e = height.evidence[0]!;
    expect(e.subjectText).toBe('身高异常');
    expect(e.objectText).toBe('Abnormality of body height');
    expect(e.subjectLang).toBe('zh');
    expect(e.objectLang).toBe('en');
    expect(e.translation).toMatch(/^zh→en CC-CEDICT \d{4}-\d{2}-\d{2}: /);
    expect(e.translation).toContain('身高 → ');
    expect(e.translation).toContain('异常 → abnormal');
    expect(e.subjectPreprocessing).toContain('semapv:Tokenization');
    expect(e.objectPreprocessing).toContain('semapv:Stemming');
    expect(height.justification).toBe('semapv:BackgroundKnowledgeBasedMatching');
  });

  it('works from English to Chinese too, with the translation on the object side', async () => {
    const candidates = await collect(make(), englishTarget(), bilingualSource());
    const top = candidates.find((c) => c.subject === `${T}Summarization` && c.rank === 1)!;
    expect(top.object).toBe(`${S}Summary`);
    expect(top.evidence[0]!.translation).toMatch(/^en→zh /);
    expect(top.evidence[0]!.subjectLang).toBe('en');
    expect(top.evidence[0]!.objectLang).toBe('zh');
  });

  it('treats untagged Han text as Chinese and a Chinese name tagged @en by its script', async () => {
    const source = ontology('s', [
      { iri: `${S}untagged`, labels: ['肝'] },
      { iri: `${S}mistagged`, labels: [{ text: '肝', lang: 'en' }] },
    ]);
    const candidates = await collect(make(), source, englishTarget());
    expect(candidates.filter((c) => c.rank === 1).map((c) => [c.subject, c.object])).toEqual([
      [`${S}untagged`, `${T}Liver`],
      [`${S}mistagged`, `${T}Liver`],
    ]);
  });

  it('proposes nothing between two English ontologies and never loads a dictionary for them', async () => {
    let looked = 0;
    const dictionary = parseCedict('肝 肝 [gan1] /liver/\n');
    const spy = { ...dictionary, info: dictionary.info, maxWordLength: 1, has: (w: string) => (looked++, dictionary.has(w)), glosses: (w: string) => (looked++, dictionary.glosses(w)) };
    const candidates = await collect(make({ dictionary: spy }), englishTarget(), englishTarget());
    expect(candidates).toEqual([]);
    expect(looked).toBe(0);
  });

  it('prefers a dictionary word to its characters read one by one', async () => {
    // 语音识别 is one headword ("speech recognition"); read character by character it is weaker.
    const source = ontology('s', [{ iri: `${S}asr`, kind: 'capability', labels: [{ text: '语音识别', lang: 'zh' }] }]);
    const target = ontology('t', [
      { iri: `${T}asr`, kind: 'capability', labels: ['Speech Recognition'] },
      { iri: `${T}voice`, kind: 'capability', labels: ['Voice'] },
    ]);
    const [first] = await collect(make(), source, target);
    expect(first!.object).toBe(`${T}asr`);
    expect(first!.evidence[0]!.translation).toContain('语音识别 → speech recognition');
  });

  it('segments the same way with maxmatch and icu on a plain compound, and records the mode', async () => {
    for (const segmentation of ['maxmatch', 'icu']) {
      const generator = make({ segmentation });
      expect(generator.measure).toContain(segmentation);
      const candidates = await collect(generator, bilingualSource(), englishTarget());
      expect(candidates.find((c) => c.subject === `${S}Summary` && c.rank === 1)?.object).toBe(`${T}Summarization`);
    }
  });

  it('marks a translation complete when every character, every word of the English name and every word of the glosses used are matched, a derivation as the alignment reads it (summary ~ Summarization)', async () => {
    const names: Array<[string, string, string, boolean]> = [
      ['n1', '文本摘要', 'Text Summarization', true],
      ['n2', '图像分类', 'Image Classification', true],
      ['n3', '文本分类', 'Text Classification', true],
      // "machine translation": the gloss's "machine" is nothing of the English name.
      ['n4', '机器翻译', 'Translation', false],
      // "interpreting": the English name's "model" is left over.
      ['n5', '口译', 'Model Interpretability', false],
    ];
    const source = ontology('s', names.map(([id, zh]) => ({ iri: `${S}${id}`, kind: 'capability', labels: [{ text: zh, lang: 'zh' }] })));
    const target = ontology('t', names.map(([id, , en]) => ({ iri: `${T}${id}`, kind: 'capability', labels: [en] })));
    const candidates = await collect(make(), source, target);
    const complete = names.map(([id]) => {
      const pair = candidates.find((c) => c.subject === `${S}${id}` && c.object === `${T}${id}`);
      return [id, pair ? pair.evidence[0]!.translationComplete === true : 'no candidate'];
    });
    expect(complete).toEqual(names.map(([id, , , whole]) => [id, whole]));
  });

  it('uses WordNet pertainyms on the English side when given (danish ~ Denmark)', async () => {
    const lexicon: SynonymLexicon = { synonyms: async (terms) => new Map(terms.filter((t) => t === 'danish').map((t) => [t, ['denmark']])) };
    const source = ontology('s', [{ iri: `${S}da`, labels: [{ text: '丹麦语', lang: 'zh' }] }]);
    const target = ontology('t', [{ iri: `${T}da`, labels: ['Danish'] }, { iri: `${T}de`, labels: ['German'] }]);
    expect(await collect(make(), source, target)).toEqual([]);
    const [hit] = await collect(make({ lexicon }), source, target);
    expect(hit!.object).toBe(`${T}da`);
  });
});
