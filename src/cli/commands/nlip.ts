import { defineCommand } from 'citty';
import { unwrapNlip, wrapNlip } from '../../api/carriers.js';
import { REMOTE_ARGS } from '../../retrieval/index.js';
import { openOutput } from '../output.js';
import { namingFile, printUnwrap, readJsonFile, unwrapValidateOptions } from './carrier-io.js';

const wrap = defineCommand({
  meta: { name: 'wrap', description: 'Validate an envelope and put it in an NLIP message as a structured JSON submessage labelled with the task (draft 12.6).' },
  args: {
    envelope: { type: 'positional', description: 'Envelope JSON file (Section 6.2)', required: true },
    task: { type: 'string', description: 'Task label tying the envelope to its task', required: true },
    text: { type: 'string', description: 'Natural-language content of the message (descriptive only)' },
    language: { type: 'string', description: 'subformat of the text content (default english)' },
    out: { type: 'string', description: 'Write the message here (atomically) instead of to stdout' },
  },
  async run({ args }) {
    const output = await openOutput(args.out, { inputs: [args.envelope] });
    const envelope = await readJsonFile(args.envelope, 'envelope');
    const message = await namingFile(args.envelope, () => wrapNlip(envelope, { task: args.task, ...(args.text !== undefined ? { text: args.text } : {}), ...(args.language ? { language: args.language } : {}) }));
    await output.write(JSON.stringify(message, null, 2));
  },
});

const unwrap = defineCommand({
  meta: { name: 'unwrap', description: 'Read the envelope submessage out of an NLIP message and validate it. Prints the envelope; exit 0 valid, 2 invalid, 4 a remote context was not retrieved (not validated).' },
  args: {
    message: { type: 'positional', description: 'NLIP message JSON file', required: true },
    task: { type: 'string', description: 'The task the receiver expects (the message and its envelope must be labelled with it)' },
    json: { type: 'boolean', description: 'Print {file, valid, carrier, findings, envelope?}' },
    ...REMOTE_ARGS,
  },
  async run({ args }) {
    const message = await readJsonFile(args.message, 'NLIP message');
    const validate = await unwrapValidateOptions(args);
    const result = await unwrapNlip(message, { file: args.message, ...(args.task ? { task: args.task } : {}), validate });
    printUnwrap(args.message, result, Boolean(args.json));
  },
});

export default defineCommand({
  meta: { name: 'nlip', description: 'NLIP-style carrier binding (draft 12.6): envelope wrap and unwrap.' },
  subCommands: { wrap, unwrap },
});
