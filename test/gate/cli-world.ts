/**
 * The ioa-example world for end-to-end `check` runs: a run-time key for the mapping authority, the
 * corpus trust policy carrying it (scopes editable), and artifacts signed with it — signed through
 * the library, so that a document `artifact sign` would refuse can still be put in front of the gate.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateEd25519KeyPair, signDocument, type GeneratedKeyPair } from '../../src/gate/index.js';

export const EX = join(import.meta.dirname, '../../corpora/ioa-example');
export const ex = (f: string): string => join(EX, f);
export const AGENT_CORE = 'https://example.org/onto/agent-core';
export const DOC_ONTO = 'https://example.net/onto/doc';

export interface World {
  dir: string;
  key: GeneratedKeyPair;
  /** Write JSON (or text) into the world's folder; returns its path. */
  write(name: string, content: unknown): string;
  /** The corpus trust policy with this world's key; `scopes` replaces the issuer's scopes. */
  trust(scopes?: unknown[]): string;
  /** The 12.4 artifact with `edit` applied, signed with this world's key. */
  artifact(name: string, edit?: (doc: Record<string, unknown>) => void): string;
}

export function world(): World {
  const dir = mkdtempSync(join(tmpdir(), 'ioa-world-'));
  const key = generateEd25519KeyPair();
  const write = (name: string, content: unknown): string => {
    const file = join(dir, name);
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    return file;
  };
  let trusts = 0;
  return {
    dir,
    key,
    write,
    trust(scopes) {
      const policy = JSON.parse(readFileSync(ex('trust-policy.json'), 'utf8')) as { trustedIssuers: Array<Record<string, unknown>> };
      const issuer = policy.trustedIssuers[0]!;
      issuer['keyId'] = key.keyId;
      issuer['publicKey'] = key.publicKeyPem;
      if (scopes) issuer['scopes'] = scopes;
      return write(`trust-${++trusts}.json`, policy);
    },
    artifact(name, edit) {
      const doc = JSON.parse(readFileSync(ex('artifact-12.4.json'), 'utf8')) as Record<string, unknown>;
      edit?.(doc);
      return write(name, signDocument(doc, key.privateKeyPem, key.keyId));
    },
  };
}

/** A request of the 12.1 task (agent-core → doc) against the doc provider: Compatible with the 12.4 artifact. */
export const forwardArgs = (now = '2026-06-01T00:00:00Z'): string[] => [
  '--request', ex('envelope-12.1-zh-en.json'), '--provider', ex('capability-doc-translate.json'),
  '--profile', ex('profile-tech-translation.json'), '--ontology', ex('cs.ttl'), '--now', now,
];
