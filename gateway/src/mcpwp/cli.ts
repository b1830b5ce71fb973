// `mcpwp`: the widget developer's CLI. Each sub-command lives in its own file under ./commands/
// and is named in COMMANDS below; a command is loaded only when it runs.
import type { McpwpCommand } from './kit/command.js';

/** Sub-commands by name. */
export const COMMANDS: Record<string, () => Promise<McpwpCommand>> = {
  test: async () => (await import('./commands/test.js')).default,
  install: async () => (await import('./commands/install.js')).default,
  keygen: async () => (await import('./commands/keygen.js')).default,
  pack: async () => (await import('./commands/pack.js')).default,
  publish: async () => (await import('./commands/publish.js')).default,
  serve: async () => (await import('./commands/serve.js')).default,
  uninstall: async () => (await import('./commands/uninstall.js')).default,
};

function help(): string {
  const lines = Object.keys(COMMANDS).sort();
  return `Usage: mcpwp <command> [options]\n\nCommands:\n${lines.map((l) => `  ${l}`).join('\n') || '  (none yet)'}\n\nRun "mcpwp <command> --help" for a command's options.\n`;
}

/** Entry point; resolves with the exit code. */
export async function main(argv = process.argv.slice(2)): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help());
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load) {
    process.stderr.write(`mcpwp: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  const command = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.summary}\n\nUsage: ${command.usage}\n`);
    return 0;
  }
  return command.run(rest);
}
