/** `ioa-align keys generate --out DIR`: an Ed25519 key pair for signing alignment artifacts. */
import { mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { defineCommand } from 'citty';
import { IoaError } from '../../model/errors.js';
import { out } from '../io.js';
import { outputFolder } from '../output.js';
import { resolveOutput, writeFileAtomic } from '../../io/files.js';

const generate = defineCommand({
  meta: { name: 'generate', description: 'Write private.pem (PKCS#8, mode 0600) and public.pem (SPKI) to DIR and print the key id (RFC 7638 thumbprint).' },
  args: {
    out: { type: 'string', description: 'Directory to write the key pair into (created if missing); existing keys are never overwritten', required: true },
    json: { type: 'boolean', description: 'Print {keyId, privateKey, publicKey} as JSON' },
  },
  async run({ args }) {
    const { generateEd25519KeyPair } = await import('../../gate/index.js');
    const dir = outputFolder(args.out);
    const privatePath = join(dir, 'private.pem');
    const publicPath = join(dir, 'public.pem');
    try {
      await mkdir(dir, { recursive: true });
    } catch (error) {
      throw new IoaError('E_WRITE_FAILED', `cannot create the key folder ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { file: dir }, { cause: error });
    }
    // Refuse before generating: an existing key is never overwritten (losing one is not undoable).
    for (const path of [privatePath, publicPath]) await resolveOutput(path, { exclusive: true });
    const pair = generateEd25519KeyPair();
    // Each file appears whole or not at all (written beside, then linked into place); a public
    // key that cannot be written takes the new private key with it, so a rerun starts clean.
    await writeFileAtomic(privatePath, pair.privateKeyPem, { exclusive: true, mode: 0o600 });
    try {
      await writeFileAtomic(publicPath, pair.publicKeyPem, { exclusive: true, mode: 0o644 });
    } catch (error) {
      await unlink(privatePath).catch(() => undefined);
      throw error;
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
