/** The command tree of the CLI, for tests that hold a promise for every command. */
import { defineCommand } from 'citty';
import { resolveCommand, subCommand, type ResolvedCommand } from '../../src/cli/args.js';
import { COMMANDS } from '../../src/cli/main.js';

/** Every command that runs (leaves), with its path from the root. */
export async function leafCommands(): Promise<ResolvedCommand[]> {
  const root = await resolveCommand(defineCommand({ meta: { name: 'ioa-align' }, subCommands: COMMANDS }), []);
  const leaves: ResolvedCommand[] = [];
  const walk = async (command: ResolvedCommand): Promise<void> => {
    if (command.subCommandNames.length === 0) {
      leaves.push(command);
      return;
    }
    for (const name of command.subCommandNames) await walk((await subCommand(command, name))!);
  };
  await walk(root);
  return leaves;
}
