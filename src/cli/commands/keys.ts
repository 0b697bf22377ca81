/** `ioa-align keys generate --out DIR`: an Ed25519 key pair for signing alignment artifacts. */
import { defineCommand } from 'citty';
import { out, report } from '../io.js';
import { outputFolder } from '../output.js';

const generate = defineCommand({
  meta: { name: 'generate', description: 'Write private.pem (PKCS#8, mode 0600) and public.pem (SPKI) to DIR and print the key id (RFC 7638 thumbprint).' },
  args: {
    out: { type: 'string', description: 'Directory to write the key pair into (created if missing); existing keys are never overwritten', required: true },
    json: { type: 'boolean', description: 'Print {keyId, privateKey, publicKey} as JSON' },
  },
  async run({ args }) {
    const { writeKeyPair } = await import('../../api/gate.js');
    // An existing key is never overwritten (losing one is not undoable); both files appear whole or not at all.
    const { keyId, privateKey: privatePath, publicKey: publicPath } = await writeKeyPair(await outputFolder(args.out));
    if (args.json) out(JSON.stringify({ keyId: keyId, privateKey: privatePath, publicKey: publicPath }, null, 2));
    else report(`key id: ${keyId}\nprivate key: ${privatePath} (keep secret)\npublic key: ${publicPath} (put it in a trust policy's trustedIssuers[].publicKey)`);
  },
});

export default defineCommand({
  meta: { name: 'keys', description: 'Ed25519 keys for alignment artifacts.' },
  subCommands: { generate },
});
