import { Writable } from 'node:stream';
import { main } from '../../src/cli/main.js';

class Capture extends Writable {
  text = '';
  isTTY = false;
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/**
 * Run the CLI in-process, as a user would from a shell, and capture what it prints. With
 * `terminal`, stderr says it is a terminal (progress bars are drawn only there).
 */
export async function runCli(argv: string[], options: { terminal?: boolean; columns?: number } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new Capture();
  const stderr = new Capture();
  stderr.isTTY = options.terminal === true;
  if (options.columns !== undefined) (stderr as { columns?: number }).columns = options.columns;
  const code = await main(argv, { stdout, stderr });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
