/** `ioa-align keys generate --out DIR`: an Ed25519 key pair for signing alignment artifacts. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineCommand } from 'citty';
import { IoaError } from '../../model/errors.js';
import { out } from '../io.js';

const generate = defineCommand({
  meta: { name: 'generate', description: 'Write private.pem (PKCS#8, mode 0600) and public.pem (SPKI) to DIR and print the key id (RFC 7638 thumbprint).' },
  args: {
    out: { type: 'string', description: 'Directory to write the key pair into (created if missing); existing keys are never overwritten', required: true },
    json: { type: 'boolean', description: 'Print {keyId, privateKey, publicKey} as JSON' },
  },
  async run({ args }) {
    const { generateEd25519KeyPair } = await import('../../gate/index.js');
    const pair = generateEd25519KeyPair();
    const privatePath = join(args.out, 'private.pem');
    const publicPath = join(args.out, 'public.pem');
    try {
      await mkdir(args.out, { recursive: true });
      // `wx`: refuse to overwrite an existing key (losing a signing key is not undoable).
      await writeFile(privatePath, pair.privateKeyPem, { flag: 'wx', mode: 0o600 });
      await writeFile(publicPath, pair.publicKeyPem, { flag: 'wx', mode: 0o644 });
    } catch (error) {
      throw new IoaError('E_WRITE_FAILED', `cannot write the key pair to ${args.out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { file: args.out }, { cause: error });
    }
    out(args.json
      ? JSON.stringify({ keyId: pair.keyId, privateKey: privatePath, publicKey: publicPath }, null, 2)
      : `key id: ${pair.keyId}\nprivate key: ${privatePath} (keep secret)\npublic key: ${publicPath} (put it in a trust policy's trustedIssuers[].publicKey)`);
  },
});

export default defineCommand({
  meta: { name: 'keys', description: 'Ed25519 keys for alignment artifacts.' },
  subCommands: { generate },
});
