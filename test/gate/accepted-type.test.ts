/**
 * Only the gate constructs an AcceptedArtifact (DESIGN.md "The one idea"; draft 7.4: a candidate
 * never establishes compatibility by itself). Compile-time half: `tsc --noEmit` checks the
 * @ts-expect-error lines (the test folder is in tsconfig.json). Run-time half: the engine refuses
 * objects the gate did not produce, even when a cast fooled the compiler.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { rawScore, type Candidate } from '../../src/model/mapping.js';
import { acceptArtifacts, assertAccepted, isAcceptedArtifact, selectRule, type AcceptedArtifact, type TaskRequirements, type ValidatedArtifact } from '../../src/gate/index.js';
import { AGENT_CORE, CS, DOC, DOC_ONTO, NOW, artifact, artifact12_4, authorityKey, profile, trust } from './helpers.js';

/** A function that requires an accepted artifact, as the engine's selection does. */
function useAccepted(a: AcceptedArtifact): string {
  return a.artifactId;
}

const candidate: Candidate = {
  subject: `${CS}TechTranslation`, predicate: 'skos:exactMatch', object: `${DOC}TranslateText`, generator: 'lexical',
  score: rawScore(0.99), measure: 'jaro-winkler', rank: 1, justification: 'semapv:LexicalMatching', evidence: [],
};

const task: TaskRequirements = { inputMediaTypes: ['text/plain'], outputMediaTypes: ['text/plain'], sourceLang: 'zh', targetLang: 'en', domain: `${CS}ComputerScience` };

describe('the engine\'s rule selection (7.3) takes accepted artifacts only', () => {
  it('a Candidate cannot be passed to selectRule: compile-time error, run-time refusal', () => {
    expectTypeOf(selectRule).parameter(0).toEqualTypeOf<readonly AcceptedArtifact[]>();
    // @ts-expect-error a Candidate with score 0.99 is not an AcceptedArtifact (7.4)
    expect(() => selectRule([candidate], `${CS}TechTranslation`, task, profile())).toThrowError(expect.objectContaining({ code: 'E_INTERNAL' }));
  });
  it('neither can a validated artifact that the gate did not accept', () => {
    const validated = artifact(artifact12_4(), authorityKey());
    // @ts-expect-error validation (shape, even a good signature) is not acceptance (7.2)
    expect(() => selectRule([validated], `${CS}TechTranslation`, task, profile())).toThrowError(expect.objectContaining({ code: 'E_INTERNAL' }));
  });
  it('the gate\'s output is selected', () => {
    const key = authorityKey();
    const { accepted } = acceptArtifacts({
      artifacts: [artifact(artifact12_4(), key)], trust: trust(key), profile: profile(), now: NOW,
      use: { source: { ontologyId: AGENT_CORE, version: '1.0' }, target: { ontologyId: DOC_ONTO, version: '2.0' } },
    });
    const selection = selectRule(accepted, `${CS}TechTranslation`, task, profile());
    expect(selection.status).toBe('selected');
    expect(selection.status === 'selected' && selection.rule.to).toBe(`${DOC}TranslateText`);
  });
});

describe('AcceptedArtifact is a brand only the gate can construct', () => {
  it('a Candidate is not assignable to AcceptedArtifact (compile time)', () => {
    expectTypeOf<Candidate>().not.toMatchTypeOf<AcceptedArtifact>();
    // @ts-expect-error a Candidate (whatever its score) is not an AcceptedArtifact
    expect(() => useAccepted(candidate)).not.toThrow();
  });
  it('a validated but unaccepted artifact is not assignable either (compile time)', () => {
    const validated: ValidatedArtifact = artifact(artifact12_4());
    expectTypeOf<ValidatedArtifact>().not.toMatchTypeOf<AcceptedArtifact>();
    // @ts-expect-error validation is not acceptance: only acceptArtifacts() produces the brand
    useAccepted(validated);
  });
  it('the gate output is assignable (compile time) and recognised (run time)', () => {
    const key = authorityKey();
    const { accepted } = acceptArtifacts({
      artifacts: [artifact(artifact12_4(), key)], trust: trust(key), profile: profile(), now: NOW,
      use: { source: { ontologyId: AGENT_CORE, version: '1.0' }, target: { ontologyId: DOC_ONTO, version: '2.0' } },
    });
    expect(accepted).toHaveLength(1);
    expect(useAccepted(accepted[0]!)).toBe('https://example.org/align/cs-doc-v1');
    expect(isAcceptedArtifact(accepted[0])).toBe(true);
  });
  it('a forged brand (cast) is refused at run time', () => {
    const forged = { ...artifact(artifact12_4()), orientation: 'forward', rules: [] } as unknown as AcceptedArtifact;
    expect(isAcceptedArtifact(forged)).toBe(false);
    expect(isAcceptedArtifact(candidate)).toBe(false);
    expect(() => assertAccepted(forged)).toThrowError(expect.objectContaining({ code: 'E_INTERNAL' }));
  });
});
