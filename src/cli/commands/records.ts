/**
 * `ioa-align records declared|oasf-record`: what agent records say about themselves, and what a
 * review made of them.
 *
 * - `declared FILE`: the OASF skills and domains an OASF record, slug list or ERC-8004
 *   registration declares, as mapping rows (src/vocab/records/declared.ts) that `artifact build`
 *   takes, so that a record pinned to OASF 0.8.0 can be carried to 1.1.0 by `artifact upgrade --via`.
 * - `oasf-record CARD --reviewed R --oasf DIR`: an OASF record for an A2A Agent Card whose skills
 *   are the OASF terms of the rows a reviewer accepted in R, nothing else
 *   (src/vocab/records/oasf-export.ts).
 */
import { defineCommand } from 'citty';
import { IoaError } from '../../model/errors.js';
import { parseJson } from '../../text/json.js';
import { readTextFile, writeFileAtomic } from '../../io/files.js';
import { err, out } from '../io.js';
import { outputFormat } from '../formats.js';
import { openOutput } from '../output.js';
import { parseNow } from '../clock.js';
import { sayLoadingWarnings } from '../ontology-input.js';

const declared = defineCommand({
  meta: { name: 'declared', description: 'Write the OASF skills and domains agent records declare (OASF records, slug lists, ERC-8004 registrations) as curated mapping rows, one per declaration, for artifact build.' },
  args: {
    records: { type: 'positional', description: 'Records file (.json or .jsonl)', required: true },
    out: { type: 'string', description: 'Write here (atomically) instead of to stdout' },
    format: { type: 'string', description: 'sssom|json|csv|alignment (default: from the --out extension, else sssom)' },
    'skip-invalid': { type: 'boolean', description: 'Leave bad records out (a summary per reason on stderr) instead of stopping at the first' },
  },
  async run({ args }) {
    const format = outputFormat('--format', args.format, args.out, 'sssom');
    // A CSV table is written with its metadata sidecar F.yml, checked like the table.
    const { sidecarPath } = await import('../../exchange/files.js');
    const output = await openOutput(args.out, { inputs: [args.records], mayReplaceDecisions: true, companions: (path) => (format === 'csv' ? [sidecarPath(path)] : []) });
    const { loadOntology, formatMappings, writeMappings } = await import('../../api/index.js');
    const { declaredMappings } = await import('../../vocab/records/declared.js');
    const index = await loadOntology(args.records, args['skip-invalid'] ? { skipInvalid: true } : {});
    sayLoadingWarnings(index);
    const set = declaredMappings(index);
    if (output.path === undefined) out(formatMappings(set, { format }).replace(/\n$/, ''));
    else await writeMappings(output.path, set, { format, inputs: [args.records] });
    err(`ioa-align: ${set.mappings.length} declaration(s) of OASF ${set.metadata.objectSourceVersion} terms${output.path ? ` written to ${output.path}` : ''}`);
  },
});

const oasfRecord = defineCommand({
  meta: { name: 'oasf-record', description: 'Write an OASF record for an A2A Agent Card whose skills (and domains) are the OASF terms of the rows a reviewer accepted, and nothing else: candidates never reach it.' },
  args: {
    card: { type: 'positional', description: 'A2A Agent Card (JSON)', required: true },
    reviewed: { type: 'string', description: 'Reviewed mappings from the card to OASF (SSSOM, CSV or JSON; rows accepted as artifact build accepts them)', required: true },
    oasf: { type: 'string', description: 'The OASF release (folder) the accepted rows map to', required: true },
    'created-at': { type: 'string', description: 'RFC 3339 time for created_at (default: now)' },
    out: { type: 'string', description: 'Write here (atomically) instead of to stdout' },
  },
  async run({ args }) {
    let createdAt = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (args['created-at'] !== undefined) {
      try {
        parseNow(args['created-at']);
      } catch {
        throw new IoaError('E_USAGE', `--created-at must be an RFC 3339 date-time such as 2026-06-01T00:00:00Z, got "${args['created-at']}"`, { path: '--created-at' });
      }
      createdAt = args['created-at'];
    }
    const output = await openOutput(args.out, { inputs: [args.card, args.reviewed, args.oasf] });
    const { loadOntology, readMappings } = await import('../../api/index.js');
    const { reviewedRules } = await import('../../gate/build.js');
    const { oasfRecordForCard } = await import('../../vocab/records/oasf-export.js');
    const card = parseJson(await readTextFile(args.card, { what: 'Agent Card' }), args.card);
    const [set, release] = await Promise.all([readMappings(args.reviewed), loadOntology(args.oasf)]);
    const { rules, skipped } = reviewedRules(set, { file: args.reviewed, conditions: {} });
    const accepted = rules.map((r) => ({ from: String(r.rule.from), to: String(r.rule.to), ...(typeof r.rule.relation === 'string' ? { relation: r.rule.relation } : {}) }));
    let result;
    try {
      result = oasfRecordForCard(card, accepted, release, createdAt);
    } catch (error) {
      if (error instanceof IoaError && error.location.file === undefined) throw new IoaError(error.code, error.message, { ...error.location, file: error.code === 'E_VOCAB_INVALID' ? args.card : args.reviewed }, { cause: error });
      throw error;
    }
    const text = `${JSON.stringify(result.record, null, 2)}\n`;
    if (output.path === undefined) out(JSON.stringify(result.record, null, 2));
    else await writeFileAtomic(output.path, text);
    const skills = (result.record.skills as unknown[]).length;
    err(`ioa-align: OASF ${String(result.record.schema_version)} record for ${String(result.record.name)}: ${skills} skill(s) from ${accepted.length} accepted row(s); ${skipped.length} row(s) not accepted were left out${result.unmapped.length ? `; no accepted row for skill(s) ${result.unmapped.join(', ')}` : ''}`);
  },
});

export default defineCommand({
  meta: { name: 'records', description: 'Agent records (MCP servers and tools, A2A cards, OASF records): what they declare, and OASF records from reviewed mappings.' },
  subCommands: { declared, 'oasf-record': oasfRecord },
});
