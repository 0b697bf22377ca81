import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultGenerators, languageWarnings, needsTranslation } from '../../src/generators/languages.js';
import { DEFAULT_GENERATORS } from '../../src/generators/registry.js';
import { loadOntologyFile } from '../../src/ontology/load.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { runCli } from '../helpers/cli.js';

const corpus = (p: string): string => join(import.meta.dirname, '../../corpora', p);
const dir = mkdtempSync(join(tmpdir(), 'ioa-lang-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const PREFIXES = `@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix oio: <http://www.geneontology.org/formats/oboInOwl#> .
@prefix ex: <http://example.org/x#> .
`;

const mixed = file(
  'mixed.ttl',
  `${PREFIXES}
ex:a a owl:Class ; rdfs:label "Liver"@en, "肝"@zh-Hans .
ex:b a owl:Class ; rdfs:label "身高异常"@en .
ex:c a owl:Class ; rdfs:label "qaStaHvIS"@tlh ; oio:hasRelatedSynonym ex:n1 .
ex:n1 rdfs:label "肾"@zh .
`,
);

describe('language tags in loaders', () => {
  it('keeps tags as written, unknown ones too, and the tags of synonym nodes', async () => {
    const index = await loadOntologyFile(mixed);
    const a = index.byIri.get('http://example.org/x#a')!;
    expect(a.labels.map((l) => [l.text, l.lang])).toEqual([['Liver', 'en'], ['肝', 'zh-hans']]);
    const c = index.byIri.get('http://example.org/x#c')!;
    expect(c.labels[0]).toMatchObject({ text: 'qaStaHvIS', lang: 'tlh' });
    expect(c.synonyms).toEqual([{ text: '肾', kind: 'related', lang: 'zh' }]);
  });

  it('warns about a Chinese name tagged @en, naming it, and leaves the tag as written', async () => {
    const index = await loadOntologyFile(mixed);
    expect(index.byIri.get('http://example.org/x#b')!.labels[0]!.lang).toBe('en');
    const warning = index.warnings.find((w) => w.includes('tagged @en'));
    expect(warning).toContain('are matched as "zh"');
    expect(warning).toContain('http://example.org/x#b "身高异常"');
    expect(index.warnings.some((w) => w.includes('@tlh'))).toBe(false);
  });

  it('inspect lists names per content language, in text and --json', async () => {
    const json = await runCli(['inspect', mixed, '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { labelLanguages: Array<{ language: string; labels: number; synonyms: number; byTag: number; byScript: number; tags: string[] }> };
    const zh = report.labelLanguages.find((l) => l.language === 'zh')!;
    expect(zh).toMatchObject({ labels: 2, synonyms: 1, byTag: 2, byScript: 1, tags: ['en', 'zh', 'zh-hans'] });
    expect(report.labelLanguages.find((l) => l.language === 'tlh')).toMatchObject({ labels: 1, byTag: 1 });
    const text = await runCli(['inspect', corpus('multilingual/agent-skills-zh.ttl')]);
    expect(text.stdout).toMatch(/zh\s+36 labels, 0 synonyms on 36 concepts \(36 by tag \(@zh\)\); e\.g\. "文本摘要"/);
  });
});

describe('default generators and language warnings', () => {
  it('adds translate across zh and en only', async () => {
    const zh = await loadVocabulary(corpus('multilingual/agent-skills-zh.ttl'));
    const oasf = await loadVocabulary(corpus('agents/oasf/v1.1.1/schema/skills'));
    const mouse = await loadVocabulary(corpus('conference/ontologies/cmt.owl'));
    expect(needsTranslation(zh, oasf)).toBe(true);
    expect(needsTranslation(oasf, zh)).toBe(true);
    expect(defaultGenerators(zh, oasf)).toEqual([...DEFAULT_GENERATORS, 'translate']);
    expect(defaultGenerators(mouse, oasf)).toEqual([...DEFAULT_GENERATORS]);
    expect(languageWarnings(zh, oasf)).toEqual([]);
    expect(languageWarnings(zh, oasf, ['exact'])).toEqual([expect.stringContaining('add "translate" to --generators')]);
  });

  it('warns, instead of staying silent, about a language no dictionary covers', async () => {
    const fr = await loadOntologyFile(file('fr.ttl', `${PREFIXES}ex:t a owl:Class ; rdfs:label "Traduction"@fr .\n`));
    const oasf = await loadVocabulary(corpus('agents/oasf/v1.1.1/schema/skills'));
    const warnings = languageWarnings(fr, oasf);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"fr" (1 name(s))');
    expect(warnings[0]).toContain('no bilingual dictionary here covers "fr"');
  });
});

describe('the languages of an index the caller changes', () => {
  it('are read as they are now: Chinese names added after a first decision bring in translate and silence nothing', async () => {
    const en = await loadOntologyFile(file('en.ttl', `${PREFIXES}ex:s a owl:Class ; rdfs:label "Text summarization"@en .\n`));
    const other = await loadOntologyFile(file('en2.ttl', `${PREFIXES}ex:t a owl:Class ; rdfs:label "Summarization"@en .\n`));
    expect(defaultGenerators(en, other)).toEqual([...DEFAULT_GENERATORS]);
    expect(languageWarnings(en, other, ['exact'])).toEqual([]);
    en.concepts[0]!.labels.push({ text: '文本摘要', lang: 'zh', source: 'rdfs:label' });
    expect(defaultGenerators(en, other)).toEqual([...DEFAULT_GENERATORS, 'translate']);
    expect(languageWarnings(en, other, ['exact'])).toEqual([expect.stringContaining('add "translate" to --generators')]);
  });
});

describe('propose across languages', () => {
  it('uses translate by default and writes the translation and preprocessing to SSSOM', async () => {
    const { code, stdout } = await runCli(['propose', corpus('multilingual/agent-skills-zh.ttl'), corpus('agents/oasf/v1.1.1/schema/skills'), '--top-k', '1', '--evidence', 'rows']);
    expect(code).toBe(0);
    const header = stdout.split('\n').find((l) => l.startsWith('subject_id'))!.split('\t');
    const rows = stdout.split('\n').filter((l) => l.includes('ioa-align/translate')).map((l) => Object.fromEntries(l.split('\t').map((v, i) => [header[i], v])));
    const summary = rows.find((r) => r.subject_label === '文本摘要')!;
    expect(summary.object_label).toBe('Text Summarization');
    expect(summary.mapping_justification).toBe('semapv:BackgroundKnowledgeBasedMatching');
    expect(summary.subject_preprocessing).toContain('semapv:Tokenization');
    expect(summary.comment).toContain('文本摘要@zh ~ Text Summarization');
    expect(summary.comment).toContain('摘要 → summary');
  });

  it('prints the no-dictionary warning on stderr', async () => {
    const fr = file('fr2.ttl', `${PREFIXES}ex:t a owl:Class ; rdfs:label "Traduction"@fr .\n`);
    const { code, stderr } = await runCli(['propose', fr, corpus('ioa-example/cs.ttl')]);
    expect(code).toBe(0);
    expect(stderr).toContain('no bilingual dictionary here covers "fr"');
  });
});
