/**
 * Trust scopes are directional (7.2; DESIGN.md "Trust policy"): a scope covers use from its
 * sourceOntologyId to its targetOntologyId, and the reverse only with `"direction": "both"`. An
 * artifact declared `bidirectional` is therefore usable in a direction only where a scope of its
 * issuer covers that direction — its own declaration cannot widen what the issuer is trusted for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import type { TrustScope } from '../../src/envelope/index.js';
import { validateTrustPolicy } from '../../src/envelope/index.js';
import { evaluateCompatibility, signDocument, type CheckInput, type Verdict } from '../../src/gate/index.js';
import { verifyArtifact } from '../../src/gate/artifact-tools.js';
import { runCli } from '../helpers/cli.js';
import { AGENT_CORE, CS, DOC, DOC_ONTO, NOW, artifact, artifact12_4, authorityKey, csProvider, docProvider, envelope, profile, requesterOntologies, trust } from './helpers.js';
import { world } from './cli-world.js';

let ontologies: OntologyIndex[];
beforeAll(async () => {
  ontologies = await requesterOntologies();
});

const FORWARD: TrustScope = { sourceOntologyId: AGENT_CORE, targetOntologyId: DOC_ONTO };
const BACKWARD: TrustScope = { sourceOntologyId: DOC_ONTO, targetOntologyId: AGENT_CORE };

/** The 12.4 artifact with `direction`, signed by the authority, judged under `scopes`. */
function decide(use: 'agent-core → doc' | 'doc → agent-core', scopes: TrustScope[], doc: Record<string, unknown> = { ...artifact12_4(), direction: 'bidirectional' }): Verdict {
  const key = authorityKey();
  const base: Partial<CheckInput> = { artifacts: [artifact(doc, key)], trust: trust(key, {}, scopes) };
  const input: CheckInput = use === 'agent-core → doc'
    ? { envelope: envelope(), provider: docProvider(), profile: profile(), ontologies, now: NOW, ...base }
    : {
      // A requester under doc asking for doc:TranslateText from the agent-core provider.
      envelope: envelope({ ontologyId: DOC_ONTO, ontologyVersion: '2.0', capabilityRefs: [`${DOC}TranslateText`], intentRef: `${DOC}TranslateDocument` }, { termBindings: [] }),
      provider: csProvider(), profile: profile(), ontologies, now: NOW, ...base,
    };
  return evaluateCompatibility(input);
}
const excludedCodes = (v: Verdict): string[] => v.excluded.map((e) => e.code);

describe('7.2: a bidirectional artifact and an issuer trusted only for agent-core → doc', () => {
  it('is usable agent-core → doc: Compatible', () => {
    expect(decide('agent-core → doc', [FORWARD]).outcome).toBe('Compatible');
  });

  it('is not usable doc → agent-core: excluded OUT_OF_SCOPE, never Compatible', () => {
    const v = decide('doc → agent-core', [FORWARD]);
    expect(v.outcome).toBe('Indeterminate');
    expect(excludedCodes(v)).toEqual(['OUT_OF_SCOPE']);
    expect(v.excluded[0]!.message).toContain(`is not trusted for ${DOC_ONTO} → ${AGENT_CORE}`);
  });

  it('the same mapping written doc → agent-core (source-to-target) is refused the same way', () => {
    const written = {
      ...artifact12_4(), sourceOntologyId: DOC_ONTO, sourceOntologyVersion: '2.0', targetOntologyId: AGENT_CORE, targetOntologyVersion: '1.0',
      mappingRules: [{ from: `${DOC}TranslateText`, to: `${CS}TechTranslation`, conditions: (artifact12_4() as { mappingRules: Array<{ conditions: unknown }> }).mappingRules[0]!.conditions }],
    };
    expect(excludedCodes(decide('doc → agent-core', [FORWARD], written))).toEqual(['OUT_OF_SCOPE']);
  });
});

describe('7.2: "direction": "both" on a scope covers the reverse use', () => {
  it('the bidirectional artifact is then Compatible doc → agent-core as well', () => {
    const both: TrustScope = { ...FORWARD, direction: 'both' };
    expect(decide('doc → agent-core', [both]).outcome).toBe('Compatible');
    expect(decide('agent-core → doc', [both]).outcome).toBe('Compatible');
  });

  it('a scope written the other way round with "both" covers agent-core → doc too', () => {
    expect(decide('agent-core → doc', [{ ...BACKWARD, direction: 'both' }]).outcome).toBe('Compatible');
  });

  it('a doc → agent-core scope alone covers only that direction', () => {
    expect(decide('doc → agent-core', [BACKWARD]).outcome).toBe('Compatible');
    expect(excludedCodes(decide('agent-core → doc', [BACKWARD]))).toEqual(['OUT_OF_SCOPE']);
  });

  it('"direction": "both" does not make a one-way artifact usable in reverse: its own direction still rules (REVERSE_NOT_DECLARED)', () => {
    const v = decide('doc → agent-core', [{ ...FORWARD, direction: 'both' }], artifact12_4());
    expect(excludedCodes(v)).toEqual(['REVERSE_NOT_DECLARED']);
  });
});

describe('7.2: the trust policy validator reads a scope\'s direction', () => {
  const policy = (scope: Record<string, unknown>): unknown => ({
    trustedIssuers: [{ id: 'https://example.org/mapping-authority', keyId: 'k', publicKey: authorityKey().publicKeyPem, scopes: [scope] }],
  });

  it('accepts "both" and "source-to-target", and keeps the value', () => {
    const both = validateTrustPolicy(policy({ ...FORWARD, direction: 'both' }));
    expect(both.ok && both.value.trustedIssuers[0]!.scopes).toEqual([{ ...FORWARD, direction: 'both' }]);
    const one = validateTrustPolicy(policy({ ...FORWARD, direction: 'source-to-target' }));
    expect(one.ok && one.value.trustedIssuers[0]!.scopes).toEqual([{ ...FORWARD, direction: 'source-to-target' }]);
  });

  it('refuses any other value with its path', () => {
    const bad = validateTrustPolicy(policy({ ...FORWARD, direction: 'bidirectional' }));
    expect([bad.ok, bad.findings.map((f) => [f.code, f.path])]).toEqual([false, [['E_INVALID_VALUE', '$.trustedIssuers[0].scopes[0].direction']]]);
    const typed = validateTrustPolicy(policy({ ...FORWARD, direction: true }));
    expect([typed.ok, typed.findings.map((f) => [f.code, f.path])]).toEqual([false, [['E_INVALID_VALUE_TYPE', '$.trustedIssuers[0].scopes[0].direction']]]);
  });

  it('ioa-align validate: exit 0 with "both", exit 2 with anything else', async () => {
    const w = world();
    const good = await runCli(['validate', w.trust([{ ...FORWARD, direction: 'both' }])]);
    expect([good.code, good.stdout.trim().endsWith('valid trust')]).toEqual([0, true]);
    const bad = await runCli(['validate', w.trust([{ ...FORWARD, direction: 'reverse' }]), '--json']);
    const report = JSON.parse(bad.stdout) as { findings: Array<{ code: string; path: string }> };
    expect([bad.code, report.findings.map((f) => [f.code, f.path])]).toEqual([2, [['E_INVALID_VALUE', '$.trustedIssuers[0].scopes[0].direction']]]);
  });
});

describe('artifact verify agrees with check on a bidirectional artifact (7.2)', () => {
  // doc → agent-core, bidirectional: check uses it agent-core → doc, which the FORWARD scope covers.
  const reversed = (direction: string): Record<string, unknown> => ({
    ...artifact12_4(), direction, sourceOntologyId: DOC_ONTO, sourceOntologyVersion: '2.0', targetOntologyId: AGENT_CORE, targetOntologyVersion: '1.0',
    mappingRules: [{ from: `${DOC}TranslateText`, to: `${CS}TechTranslation`, conditions: (artifact12_4() as { mappingRules: Array<{ conditions: unknown }> }).mappingRules[0]!.conditions }],
  });
  const signed = (doc: Record<string, unknown>): Record<string, unknown> => {
    const key = authorityKey();
    return signDocument(doc, key.privateKeyPem, key.keyId);
  };

  it('verified when a scope covers either declared direction, as check accepts it in that direction', async () => {
    const policy = trust(authorityKey(), {}, [FORWARD]);
    const result = await verifyArtifact(signed(reversed('bidirectional')), policy, { now: NOW });
    expect([result.verified, result.problems]).toEqual([true, []]);
  });

  it('a one-way artifact doc → agent-core under the same scope is not: OUT_OF_SCOPE, its only direction', async () => {
    const result = await verifyArtifact(signed(reversed('source-to-target')), trust(authorityKey(), {}, [FORWARD]), { now: NOW });
    expect([result.verified, result.problems.map((p) => p.code)]).toEqual([false, ['OUT_OF_SCOPE']]);
  });

  it('a bidirectional artifact no scope covers in either direction reports each direction it tried', async () => {
    const other: TrustScope = { sourceOntologyId: 'https://example.com/onto/x', targetOntologyId: DOC_ONTO };
    const result = await verifyArtifact(signed(reversed('bidirectional')), trust(authorityKey(), {}, [other]), { now: NOW });
    expect(result.verified).toBe(false);
    expect(result.problems.map((p) => p.code)).toEqual(['OUT_OF_SCOPE', 'OUT_OF_SCOPE']);
    expect(result.problems[0]!.message).toContain(`is not trusted for ${DOC_ONTO} → ${AGENT_CORE}`);
    expect(result.problems[1]!.message).toContain(`is not trusted for ${AGENT_CORE} → ${DOC_ONTO}`);
  });
});
