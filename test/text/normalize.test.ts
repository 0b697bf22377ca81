import { describe, expect, it } from 'vitest';
import { acronym, canonicalKey, charNgrams, foldedText, letterNumberCodes, stem, words } from '../../src/text/normalize.js';
import { rewriteIdentifier, splitIdentifier } from '../../src/text/identifiers.js';

describe('text normalisation', () => {
  it('splits identifiers, folds case and punctuation, keeps numbers', () => {
    expect(words('hasPaperTitle')).toEqual(['has', 'paper', 'title']);
    expect(words('Pancreatic_Duct')).toEqual(['pancreatic', 'duct']);
    expect(words('male reproductive gland/organ')).toEqual(['male', 'reproductive', 'gland', 'organ']);
    expect(words('CA2 field')).toEqual(['ca', '2', 'field']);
    expect(words('Müller cell')).toEqual(['muller', 'cell']);
  });

  it('keeps other scripts, including their combining marks', () => {
    expect(words('机器翻译')).toEqual(['机器翻译']);
    expect(words('Перевод Текста')).toEqual(['перевод', 'текста']);
    expect(words('हिन्दी')).toEqual(['हिन्दी']);
  });

  it('builds canonical keys without stop words, with stems, in any order', () => {
    expect(canonicalKey(words('Skin of the Leg'))).toBe(canonicalKey(words('leg skins')));
    expect(canonicalKey(words('Reviewers'))).toBe(canonicalKey(words('reviewer')));
    // Spatial words and numbers are meaningful, not stop words.
    expect(canonicalKey(words('skin above knee'))).not.toBe(canonicalKey(words('skin below knee')));
    expect(canonicalKey(words('rib 1'))).not.toBe(canonicalKey(words('rib 2')));
    // A name made only of stop words keeps them rather than becoming empty.
    expect(canonicalKey(words('The Who'))).toBe('the who');
  });

  it('stems English words only', () => {
    expect(stem('arteries')).toBe('arteri');
    expect(stem('перевод')).toBe('перевод');
    expect(stem('12')).toBe('12');
  });

  it('derives acronyms, letter-number codes, char n-grams and folded text', () => {
    expect(acronym(words('Large Language Model'))).toBe('llm');
    expect(acronym(words('model'))).toBeUndefined();
    expect(letterNumberCodes('T4_Vertebra', words('T4_Vertebra'))).toEqual(['t4']);
    expect(letterNumberCodes('thoracic vertebra 4', words('thoracic vertebra 4'))).toEqual(['t4']);
    expect(charNgrams(['duct'])).toEqual([' du', 'duc', 'uct', 'ct ']);
    expect(foldedText('Pancreatic_Duct ')).toBe('pancreatic duct');
  });
});

describe('invisible joiners and full case folding', () => {
  it('reads a soft hyphen, a word joiner, ZWNJ and ZWJ as part of the word, not as a break', () => {
    expect(words('soft\u00adware')).toEqual(['software']);
    expect(words('data\u2060base')).toEqual(['database']);
    expect(words('کتاب\u200cها')).toEqual(words('کتابها'));
    expect(words('کتاب\u200cها')).toHaveLength(1);
    expect(words('क्\u200dषत्रिय')).toEqual(words('क्षत्रिय'));
    expect(canonicalKey(words('soft\u00adware engineering'))).toBe(canonicalKey(words('Software Engineering')));
    expect(foldedText('soft\u00adware')).toBe(foldedText('software'));
    expect(foldedText('کتاب\u200cها')).toBe(foldedText('کتابها'));
  });

  it('keeps the zero-width space a word break', () => {
    expect(words('data\u200bbase')).toEqual(['data', 'base']);
  });

  it('folds ß to ss, as Unicode case folding does: Straße ~ STRASSE ~ Strasse', () => {
    expect(words('Straße')).toEqual(['strasse']);
    expect(words('STRASSE')).toEqual(['strasse']);
    expect(words('GROẞE Straße')).toEqual(['grosse', 'strasse']);
    expect(foldedText('Straße')).toBe(foldedText('STRASSE'));
    expect(foldedText('Straße')).toBe('strasse');
  });
});

describe('head words', () => {
  it('takes the word before `of`, else the last content word, skipping numbers', async () => {
    const { headStem } = await import('../../src/generators/lexical-index.js');
    expect(headStem(words('Nucleus of the Solitary Tract'))).toBe(stem('nucleus'));
    expect(headStem(words('small intestine wall'))).toBe('wall');
    expect(headStem(words('thoracic vertebra 4'))).toBe(stem('vertebra'));
  });
});

describe('splitIdentifier shortcut for plain words', () => {
  // The full rewrite every identifier went through before plain words took a shortcut.
  const fullSplit = rewriteIdentifier;

  it('gives what the full rewrite gives, on plain names and on generated near-misses', () => {
    for (const name of ['abdominal wall', 'Abdominal_Wall', '_Lip_', 'aB', 'Anatomic_Structure_System_or_Substance', 'XMLParser', 'T4 vertebra', 'a%20b']) {
      expect(splitIdentifier(name)).toBe(fullSplit(name));
    }
    const alphabet = 'aAbBzZ_ -.%1\t';
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 0; i < 20_000; i++) {
      let name = '';
      for (let j = 0, n = 1 + Math.floor(next() * 9); j < n; j++) name += alphabet[Math.floor(next() * alphabet.length)];
      expect(splitIdentifier(name), JSON.stringify(name)).toBe(fullSplit(name));
    }
  });
});
