/**
 * `ioa-align trust init|add-key`: write a trust policy and add a trusted key to it, so that the
 * key `keys generate` made can be trusted without writing JSON by hand. Every policy written is
 * validated first (the same validator `check` and `artifact verify` use); a failure writes nothing.
 */
import { defineCommand } from 'citty';
import { IoaError } from '../../model/errors.js';
import { parseJson } from '../../text/json.js';
import { assertRegularFile, readTextFile, writeFileAtomic } from '../../io/files.js';
import { withFileLock } from '../../io/lock.js';
import { err, report } from '../io.js';
import { repeatable, repeated } from '../repeated.js';
import { asFlagError } from '../flags.js';

/** The options of addTrustedKey that add-key takes as flags. */
const KEY_FLAGS = { keyId: '--key-id', scopes: '--scope' };

const init = defineCommand({
  meta: { name: 'init', description: 'Write a new trust policy that trusts nobody yet (requireSignature true, clockSkewSeconds 60). An existing file is never overwritten.' },
  args: {
    out: { type: 'string', description: 'Trust policy file to create (JSON)', required: true },
    'clock-skew': { type: 'string', description: 'Seconds of clock difference tolerated on validity bounds (0–3600, default 60)' },
  },
  async run({ args }) {
    const { newTrustPolicy } = await import('../../api/gate.js');
    let clockSkewSeconds: number | undefined;
    if (args['clock-skew'] !== undefined) {
      clockSkewSeconds = Number(args['clock-skew']);
      if (!/^\d+$/.test(args['clock-skew'].trim()) || clockSkewSeconds > 3600) throw new IoaError('E_USAGE', `--clock-skew must be a whole number of seconds from 0 to 3600, not "${args['clock-skew']}"`, { path: '--clock-skew' });
    }
    const policy = newTrustPolicy(clockSkewSeconds === undefined ? {} : { clockSkewSeconds });
    await writeFileAtomic(args.out, `${JSON.stringify(policy, null, 2)}\n`, { exclusive: true });
    err(`ioa-align: wrote ${args.out}: a trust policy that trusts nobody yet; add a key with \`ioa-align trust add-key --trust ${args.out} …\``);
  },
});

const addKey = defineCommand({
  meta: { name: 'add-key', description: 'Trust a public key for an issuer within directional scopes (SOURCE_ONTOLOGY:TARGET_ONTOLOGY: the issuer\'s artifacts may map terms of the first to terms of the second). The policy is validated before it is written.' },
  args: {
    trust: { type: 'string', description: 'Trust policy file to update (from `trust init`)', required: true },
    issuer: { type: 'string', description: 'Issuer IRI (the artifacts\' assertedBy)', required: true },
    key: { type: 'string', description: 'Ed25519 public key, SPKI PEM (public.pem from `keys generate`)', required: true },
    scope: repeatable({ type: 'string', description: 'SOURCE_ONTOLOGY:TARGET_ONTOLOGY (or "SOURCE TARGET")', required: true }),
    direction: { type: 'string', description: 'source-to-target (default: the scope covers that direction only) or both (the reverse use too), for every --scope given' },
    'key-id': { type: 'string', description: 'Key id to record (default: the RFC 7638 thumbprint `keys generate` prints and `artifact sign` records)' },
  },
  async run({ args, rawArgs }) {
    const { addTrustedKey, checkTrustPolicy, parseScope } = await import('../../api/gate.js');
    const { SCOPE_DIRECTIONS } = await import('../../api/envelope.js');
    const direction = args.direction;
    if (direction !== undefined && !(SCOPE_DIRECTIONS as readonly string[]).includes(direction)) {
      throw new IoaError('E_USAGE', `--direction must be one of ${SCOPE_DIRECTIONS.join(', ')}, not "${direction}"`, { path: '--direction' });
    }
    const scopes = repeated(rawArgs, 'scope').map((s) => parseScope(s, direction as (typeof SCOPE_DIRECTIONS)[number] | undefined, '--scope'));
    const publicKeyPem = await readTextFile(args.key, { what: 'public key', kind: 'key' });
    await assertRegularFile(args.trust, 'trust policy');
    // Read, change and write the policy holding its lock: two add-key runs on one policy take
    // turns, and each keeps the other's key (without it, the later write would drop the earlier key).
    const result = await withFileLock(args.trust, async () => {
      const policy = parseJson(await readTextFile(args.trust, { what: 'trust policy', kind: 'document' }), args.trust);
      let changed;
      try {
        changed = addTrustedKey(checkTrustPolicy(policy, args.trust), { issuer: args.issuer, publicKeyPem, scopes, ...(args['key-id'] !== undefined ? { keyId: args['key-id'] } : {}) });
      } catch (error) {
        // Name the file the problem is in: the key file for a bad key, the policy otherwise.
        if (error instanceof IoaError && error.code === 'E_KEY_INVALID') throw new IoaError(error.code, error.message, { file: args.key }, { cause: error });
        if (error instanceof IoaError && error.location.file === undefined && error.code !== 'E_USAGE') throw asFlagError(new IoaError(error.code, error.message, { ...error.location, file: args.trust }, { cause: error }), KEY_FLAGS);
        throw asFlagError(error, KEY_FLAGS);
      }
      if (changed.change !== 'unchanged') await writeFileAtomic(args.trust, `${JSON.stringify(changed.policy, null, 2)}\n`, { inputs: [args.key] });
      return changed;
    }, { what: `the trust policy ${args.trust}` });
    const described = scopes.map((s) => `${s.sourceOntologyId} → ${s.targetOntologyId}${s.direction === 'both' ? ' (and back)' : ''}`).join(', ');
    const what = { added: 'trusted', extended: 'added scopes for', unchanged: 'already trusted' }[result.change];
    report(`${args.trust}: ${what} key ${result.keyId} of ${args.issuer} for ${described}`);
  },
});

export default defineCommand({
  meta: { name: 'trust', description: 'Make and edit trust policies: which issuers\' keys the gate accepts, for which ontology directions.' },
  subCommands: { init, 'add-key': addKey },
});
