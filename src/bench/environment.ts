/**
 * What a result was measured on: machine, runtime, package versions and git commit, so a
 * results.json can be compared with another one years later (STYLE.md point 10).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, arch, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface MachineDescription {
  platform: string;
  release: string;
  arch: string;
  cpuModel: string;
  cpuCount: number;
  totalMemoryBytes: number;
  node: string;
  /**
   * 1, 5 and 15 minute load averages when the description was taken: timings on a shared
   * machine mean little without it (0 on Windows).
   */
  loadAverage: number[];
}

export interface GitState {
  commit: string | null;
  /** Tracked files differ from the commit: the result may not be reproducible from it alone. */
  dirty: boolean | null;
}

export interface Environment {
  tool: { name: string; version: string };
  machine: MachineDescription;
  git: GitState;
  /** Installed versions of the package's dependencies, read from node_modules. */
  packages: Record<string, string>;
}

export function describeMachine(): MachineDescription {
  const list = cpus();
  return {
    platform: platform(),
    release: release(),
    arch: arch(),
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cpuCount: list.length,
    totalMemoryBytes: totalmem(),
    node: process.version,
    loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

export function gitState(cwd: string = PACKAGE_ROOT): GitState {
  const run = (args: string[]): string | null => {
    try {
      return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim();
    } catch {
      return null; // not a checkout (installed package) or git missing
    }
  };
  const commit = run(['rev-parse', 'HEAD']);
  if (commit === null) return { commit: null, dirty: null };
  const status = run(['status', '--porcelain', '--untracked-files=no']);
  return { commit, dirty: status === null ? null : status.length > 0 };
}

export function packageVersions(root: string = PACKAGE_ROOT): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const versions: Record<string, string> = {};
  for (const name of Object.keys(manifest.dependencies ?? {}).sort()) {
    try {
      versions[name] = (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      versions[name] = 'not installed';
    }
  }
  return versions;
}

export function describeEnvironment(): Environment {
  return { tool: { name: TOOL_NAME, version: TOOL_VERSION }, machine: describeMachine(), git: gitState(), packages: packageVersions() };
}
