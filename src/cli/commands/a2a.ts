import { defineCommand } from 'citty';
import { DEFAULT_EXTENSION_URI, buildCardFragment, unwrapA2A, wrapA2A, type A2AWire } from '../../api/carriers.js';
import { IoaError } from '../../model/errors.js';
import { REMOTE_ARGS } from '../../retrieval/index.js';
import { out } from '../io.js';
import { openOutput } from '../output.js';
import { repeatable, repeated } from '../repeated.js';
import { namingFile, printUnwrap, readJsonFile, unwrapValidateOptions } from './carrier-io.js';

/** `--x a --x b` and `--x a,b` both give [a, b]. */
const list = (rawArgs: readonly string[], name: string): string[] => repeated(rawArgs, name).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');

const card = defineCommand({
  meta: { name: 'card', description: 'Print the Agent Card extension entry of draft Section 12.2 (capabilities.extensions[]) to merge into a complete A2A Agent Card.' },
  args: {
    'ontology-id': repeatable({ type: 'string', description: 'Ontology IRI the agent declares (or several, comma-separated)', required: true }),
    version: repeatable({ type: 'string', description: 'Ontology version (or several, comma-separated)', required: true }),
    uri: { type: 'string', description: `Extension URI (default ${DEFAULT_EXTENSION_URI}, the draft's example identifier)` },
    required: { type: 'boolean', description: 'Mark the extension required: clients must activate it (A2A ExtensionSupportRequiredError otherwise)' },
    description: { type: 'string', description: 'Human-readable description of how the agent uses the extension' },
  },
  run({ args, rawArgs }) {
    const fragment = buildCardFragment({
      ontologyIds: list(rawArgs, 'ontology-id'),
      ontologyVersions: list(rawArgs, 'version'),
      ...(args.uri ? { uri: args.uri } : {}),
      ...(args.description !== undefined ? { description: args.description } : {}),
      ...(args.required ? { required: true } : {}),
    });
    out(JSON.stringify(fragment, null, 2));
  },
});

const wrap = defineCommand({
  meta: { name: 'wrap', description: 'Validate an envelope and put it in an A2A Message as a data part (mediaType application/ld+json) under the semantic-profile extension.' },
  args: {
    envelope: { type: 'positional', description: 'Envelope JSON file (Section 6.2)', required: true },
    wire: { type: 'string', description: 'A2A wire form: 1.0 (default) or 0.3' },
    'message-id': { type: 'string', description: 'messageId (default: a random UUID)' },
    'context-id': { type: 'string', description: 'contextId' },
    'task-id': { type: 'string', description: 'taskId' },
    role: { type: 'string', description: 'user (default) or agent' },
    text: { type: 'string', description: 'Natural-language text part sent alongside (descriptive only)' },
    uri: { type: 'string', description: `Extension URI (default ${DEFAULT_EXTENSION_URI})` },
    out: { type: 'string', description: 'Write the message here (atomically) instead of to stdout' },
  },
  async run({ args }) {
    const output = await openOutput(args.out, { inputs: [args.envelope] });
    const wire = (args.wire ?? '1.0') as string;
    if (wire !== '1.0' && wire !== '0.3') throw new IoaError('E_USAGE', `--wire must be 1.0 or 0.3, got "${wire}"`);
    const role = (args.role ?? 'user') as string;
    if (role !== 'user' && role !== 'agent') throw new IoaError('E_USAGE', `--role must be user or agent, got "${role}"`);
    const envelope = await readJsonFile(args.envelope, 'envelope');
    const message = await namingFile(args.envelope, () => wrapA2A(envelope, {
      wire: wire as A2AWire,
      role,
      ...(args['message-id'] ? { messageId: args['message-id'] } : {}),
      ...(args['context-id'] ? { contextId: args['context-id'] } : {}),
      ...(args['task-id'] ? { taskId: args['task-id'] } : {}),
      ...(args.text !== undefined ? { text: args.text } : {}),
      ...(args.uri ? { uri: args.uri } : {}),
    }));
    await output.write(JSON.stringify(message, null, 2));
  },
});

const unwrap = defineCommand({
  meta: { name: 'unwrap', description: 'Read the envelope out of an A2A Message (1.0 or 0.3, bare or in a request) and validate it. Prints the envelope; exit 0 valid, 2 invalid, 4 a remote context was not retrieved (not validated).' },
  args: {
    message: { type: 'positional', description: 'A2A Message JSON file', required: true },
    uri: { type: 'string', description: `Extension URI (default ${DEFAULT_EXTENSION_URI})` },
    json: { type: 'boolean', description: 'Print {file, valid, carrier, findings, envelope?}' },
    ...REMOTE_ARGS,
  },
  async run({ args }) {
    const message = await readJsonFile(args.message, 'A2A message');
    const validate = await unwrapValidateOptions(args);
    const result = await unwrapA2A(message, { file: args.message, ...(args.uri ? { uri: args.uri } : {}), validate });
    printUnwrap(args.message, result, Boolean(args.json));
  },
});

export default defineCommand({
  meta: { name: 'a2a', description: 'A2A carrier binding (draft 12.2): Agent Card extension entry, envelope wrap and unwrap.' },
  subCommands: { card, wrap, unwrap },
});
