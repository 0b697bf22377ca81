/**
 * Golden files of each carrier form (test/carriers/golden/), produced through the CLI with fixed
 * identifiers. A change in a carrier's wire form shows up as a diff here; refresh deliberately
 * with `UPDATE_GOLDEN=1 npx vitest run test/carriers/golden.test.ts` and review the diff.
 * Each golden message must also unwrap to the 6.2 envelope (so a golden file cannot drift into
 * something the reader rejects).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { a2aReply, nlipReply, parseAgentCard, unwrapA2A, unwrapNlip } from '../../src/carriers/index.js';
import { runCli } from '../helpers/cli.js';

const here = (name: string): string => fileURLToPath(new URL(`golden/${name}`, import.meta.url));
const ENVELOPE = fileURLToPath(new URL('../../corpora/ioa-example/envelope-6.2.json', import.meta.url));
const TEXT = 'Translate the attached technical document from Chinese to English.';

async function golden(name: string, actual: string): Promise<void> {
  const file = here(name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    if (process.env.UPDATE_GOLDEN !== '1') throw new Error(`golden file ${name} is missing; run with UPDATE_GOLDEN=1 to create it`);
    await writeFile(file, actual);
  }
  expect(actual).toBe(await readFile(file, 'utf8'));
}

async function cli(argv: string[]): Promise<string> {
  const r = await runCli(argv);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

const envelope = async (): Promise<unknown> => JSON.parse(await readFile(ENVELOPE, 'utf8')) as unknown;

describe('golden carrier forms', () => {
  it('A2A Agent Card extension entry (12.2)', async () => {
    const text = await cli(['a2a', 'card', '--ontology-id', 'https://example.org/onto/agent-core', '--version', '1.0', '--description', 'Semantic profile of draft-zhang-dmsc-ioa-semantic-interaction-03']);
    await golden('a2a-card-extension.json', text);
    expect(parseAgentCard(JSON.parse(text))?.params.ontologyVersions).toEqual(['1.0']);
  });

  it.each(['1.0', '0.3'])('A2A message, wire %s', async (wire) => {
    const text = await cli(['a2a', 'wrap', ENVELOPE, '--wire', wire, '--message-id', 'msg-0001', '--context-id', 'ctx-0001', '--task-id', 'task-0001', '--text', TEXT]);
    await golden(`a2a-message-${wire}.json`, text);
    const back = await unwrapA2A(JSON.parse(text));
    expect(back.ok).toBe(true);
    expect(back.document).toEqual(await envelope());
  });

  it('NLIP message', async () => {
    const text = await cli(['nlip', 'wrap', ENVELOPE, '--task', 'task-0001', '--text', TEXT]);
    await golden('nlip-message.json', text);
    const back = await unwrapNlip(JSON.parse(text));
    expect(back.ok).toBe(true);
    expect(back.document).toEqual(await envelope());
  });

  it('replies under each disclosure setting', async () => {
    const verdict = { outcome: 'Indeterminate' as const, reasons: [{ code: 'NO_ACCEPTED_ALIGNMENT', message: 'no accepted alignment artifact from https://example.org/onto/agent-core 1.0 to https://example.net/onto/doc 2.0' }] };
    for (const disclosure of ['full', 'outcome-only'] as const) {
      await golden(`a2a-reply-${disclosure}.json`, `${JSON.stringify(a2aReply(verdict, { disclosure, messageId: 'msg-0002', contextId: 'ctx-0001', taskId: 'task-0001' }), null, 2)}\n`);
      await golden(`nlip-reply-${disclosure}.json`, `${JSON.stringify(nlipReply(verdict, { task: 'task-0001', disclosure }), null, 2)}\n`);
    }
  });
});
