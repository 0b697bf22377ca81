/** Condition semantics (DESIGN.md): exact, case-insensitive only where the standard says so, no fallback. */
import { describe, expect, it } from 'vitest';
import { evaluateRule, sameLanguage, sameMediaType, type TaskRequirements } from '../../src/gate/index.js';

const task: TaskRequirements = { inputMediaTypes: ['text/plain'], outputMediaTypes: ['text/plain'], sourceLang: 'zh', targetLang: 'en', domain: 'https://example.org/onto/cs#ComputerScience' };
const rule = (conditions: Record<string, unknown>) => ({ from: 'https://a.example/x', to: 'https://b.example/y', conditions });

describe('media types (RFC 9110)', () => {
  it('type and subtype are case-insensitive; parameters count and their order does not', () => {
    expect(sameMediaType('Text/Plain', 'text/plain')).toBe(true);
    expect(sameMediaType('text/plain; charset=utf-8', 'text/plain')).toBe(false);
    expect(sameMediaType('text/plain;charset=utf-8;format=flowed', 'text/plain; format=flowed; Charset="utf-8"')).toBe(true);
    expect(sameMediaType('text/html', 'text/plain')).toBe(false);
  });
});

describe('language tags (BCP 47)', () => {
  it('case-insensitive, no truncation fallback', () => {
    expect(sameLanguage('zh-Hans', 'ZH-hans')).toBe(true);
    expect(sameLanguage('zh-CN', 'zh')).toBe(false);
    expect(sameLanguage('en', 'en-GB')).toBe(false);
  });
});

describe('evaluateRule', () => {
  it('applies when every stated condition holds', () => {
    expect(evaluateRule(rule({ inputMediaType: 'TEXT/plain', sourceLang: 'ZH', domain: task.domain }), task, [])).toEqual({ status: 'applies' });
  });
  it('every media type the task uses must be covered, not just one', () => {
    const r = evaluateRule(rule({ inputMediaType: 'text/plain' }), { ...task, inputMediaTypes: ['text/plain', 'text/html'] }, []);
    expect(r).toMatchObject({ status: 'inapplicable', condition: 'inputMediaType' });
  });
  it('domain is IRI equality', () => {
    expect(evaluateRule(rule({ domain: 'https://example.org/onto/cs#computerscience' }), task, [])).toMatchObject({ status: 'inapplicable', condition: 'domain' });
  });
  it('a condition the task says nothing about is undetermined, not satisfied', () => {
    const { targetLang: _t, ...noTarget } = task;
    expect(evaluateRule(rule({ targetLang: 'en' }), noTarget, [])).toMatchObject({ status: 'undetermined', condition: 'targetLang' });
  });
  it('an unknown condition wins over a conflicting known one', () => {
    expect(evaluateRule(rule({ sourceLang: 'fr', unit: 'mm' }), task, [])).toMatchObject({ status: 'unknown-condition', condition: 'unit' });
  });
  it('a condition required by the profile and absent from the rule makes it inapplicable', () => {
    expect(evaluateRule(rule({ sourceLang: 'zh' }), task, ['sourceLang', 'domain'])).toMatchObject({ status: 'inapplicable', condition: 'domain' });
  });
});
