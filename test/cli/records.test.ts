/**
 * `ioa-align records declared` and `records oasf-record` as a user runs them: what they write, and
 * the exact code of each mistake, with nothing written.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const ROOT = join(import.meta.dirname, '../..');
const SAMPLES = join(ROOT, 'corpora/agents/samples');
const CARD = join(SAMPLES, 'tech-docs-agent-card.json');
const OASF_11 = join(ROOT, 'corpora/agents/oasf/v1.1.1/schema/skills');
const code = (stderr: string): string | undefined => /\[(E_[A-Z_]+)\]/.exec(stderr)?.[1];

/** A reviewed file: one accepted row from the card's translation skill to `object`, one candidate row. */
function reviewed(dir: string, object: string): string {
  const file = join(dir, `reviewed-${object.split('/').pop()}.sssom.tsv`);
  writeFileSync(file, [
    '#curie_map:', '#  skos: http://www.w3.org/2004/02/skos/core#', '#  semapv: https://w3id.org/semapv/vocab/',
    '#mapping_set_id: https://example.org/reviewed', '#license: https://creativecommons.org/publicdomain/zero/1.0/',
    'subject_id\tpredicate_id\tobject_id\tmapping_justification',
    `https://agents.example.org/tech-docs/a2a/v1#translate-technical-document\tskos:exactMatch\t${object}\tsemapv:ManualMappingCuration`,
    'https://agents.example.org/tech-docs/a2a/v1#transcribe-meeting\tskos:broadMatch\thttps://schema.oasf.outshift.com/1.1.0/skills/speech_recognition\tsemapv:CompositeMatching',
    '',
  ].join('\n'));
  return file;
}

describe('records declared', () => {
  it('writes one curated exactMatch row per declared term, objects in the declared OASF release', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-records-cli-'));
    const out = join(dir, 'declared.sssom.tsv');
    const run = await runCli(['records', 'declared', join(SAMPLES, 'tech-docs-erc8004-oasf-0.8.0.json'), '--out', out]);
    expect([run.code, run.stderr.trim()]).toEqual([0, `ioa-align: 4 declaration(s) of OASF 0.8.0 terms written to ${out}`]);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('#object_source: https://schema.oasf.outshift.com/0.8.0');
    const rows = text.split('\n').filter((l) => l.startsWith('urn:'));
    expect(rows.map((r) => r.split('\t')[2])).toEqual(['skos:exactMatch', 'skos:exactMatch', 'skos:exactMatch', 'skos:exactMatch']);
    expect(rows.every((r) => r.includes('semapv:ManualMappingCuration'))).toBe(true);
  });

  it('records that declare nothing: E_EMPTY_ONTOLOGY; two OASF versions in one file: E_RECORD_INVALID; nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-records-cli-'));
    const out = join(dir, 'declared.sssom.tsv');
    const none = await runCli(['records', 'declared', CARD, '--out', out]);
    expect([none.code, code(none.stderr)]).toEqual([2, 'E_EMPTY_ONTOLOGY']);
    const mixed = join(dir, 'mixed.json');
    writeFileSync(mixed, JSON.stringify([
      { schema_version: '0.8.0', name: 'a', skills: ['natural_language_processing/natural_language_generation/summarization'] },
      { schema_version: '1.1.0', name: 'b', skills: ['language_processing/language_generation/summarization'] },
    ]));
    const two = await runCli(['records', 'declared', mixed, '--out', out]);
    expect([two.code, code(two.stderr)]).toEqual([2, 'E_RECORD_INVALID']);
    expect(existsSync(out)).toBe(false);
  });
});

describe('records oasf-record', () => {
  it('only accepted rows become skills; the slug and id come from the release', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-records-cli-'));
    const run = await runCli(['records', 'oasf-record', CARD, '--reviewed', reviewed(dir, 'https://schema.oasf.outshift.com/1.1.0/skills/translation'), '--oasf', OASF_11, '--created-at', '2026-12-04T00:00:00Z']);
    expect(run.code).toBe(0);
    const record = JSON.parse(run.stdout) as { skills: unknown[]; schema_version: string };
    expect([record.schema_version, record.skills]).toEqual(['1.1.0', [{ name: 'language_processing/language_translation/translation', id: 10401 }]]);
    expect(run.stderr).toContain('1 row(s) not accepted were left out; no accepted row for skill(s) summarize-report, transcribe-meeting');
  });

  it('an accepted row to a term the release lacks: E_VERSION_MISMATCH; a bad --created-at: E_USAGE; nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ioa-records-cli-'));
    const out = join(dir, 'record.json');
    const other = await runCli(['records', 'oasf-record', CARD, '--reviewed', reviewed(dir, 'https://schema.oasf.outshift.com/1.0.0/skills/translation'), '--oasf', OASF_11, '--out', out]);
    expect([other.code, code(other.stderr)]).toEqual([2, 'E_VERSION_MISMATCH']);
    const when = await runCli(['records', 'oasf-record', CARD, '--reviewed', reviewed(dir, 'https://schema.oasf.outshift.com/1.1.0/skills/translation'), '--oasf', OASF_11, '--created-at', 'yesterday', '--out', out]);
    expect([when.code, code(when.stderr)]).toEqual([2, 'E_USAGE']);
    expect(existsSync(out)).toBe(false);
  });
});
