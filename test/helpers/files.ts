import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { IoaError } from '../../src/model/errors.js';

/** Write `content` to a fresh temporary folder as `name` and return the file's path. */
export async function tempFile(name: string, content: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ioa-test-'));
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

/** The IoaError a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function ioaErrorOf(promise: Promise<unknown>): Promise<IoaError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(IoaError);
    return error as IoaError;
  }
  throw new Error('expected an IoaError');
}
