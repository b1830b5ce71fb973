import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Gateway } from '../http/server.js';
import { teamSettings } from '../team/settings.js';
import { printError } from '../terminal/terminal-text.js';
import { ConfigFileError, loadConfigFile } from './config.js';
import type { ReloadReport } from './reload.js';

/** How long edits must have stopped before the file is read (an editor writes in several steps). */
const SETTLE_MS = 250;

/** One line for the terminal: what a reload changed. */
export function describeReload(report: ReloadReport): string {
  const parts = [
    report.added.length ? `started ${report.added.join(', ')}` : '',
    report.removed.length ? `stopped ${report.removed.join(', ')}` : '',
    report.restarted.length ? `restarted ${report.restarted.join(', ')}` : '',
    report.rolesChanged ? 'the new roles table applies to the next message' : '',
  ].filter(Boolean);
  const done = parts.length ? parts.join('; ') : 'nothing to change';
  const left = report.needsRestart.length ? ` Not applied until a restart: ${report.needsRestart.join(', ')}.` : '';
  return `config reloaded: ${done}.${left}`;
}

/**
 * Watches the config file (its folder, since editors replace files) and takes SIGHUP: each change is read and
 * checked, then applied to the running gateway (config/reload.ts). An edit that does not validate changes
 * nothing: the running config stays, and why is printed at the terminal and shown to team admins.
 */
export function watchConfig(file: string, gateway: Gateway): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const apply = async () => {
    try {
      const loaded = await loadConfigFile(file);
      const report = await gateway.reload(loaded.config, teamSettings(loaded.config, loaded.file));
      if (gateway.team) gateway.team.configProblem = undefined;
      printError(`mcp-dashboard: ${describeReload(report)}\n`);
    } catch (error) {
      const why = error instanceof ConfigFileError ? error.message : `${(error as Error).message}`;
      if (gateway.team) gateway.team.configProblem = why;
      printError(`mcp-dashboard: the edited config was not applied; the running config stays. ${why}\n`);
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => (running = running.then(apply)), SETTLE_MS);
  };
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(file), (_event, name) => {
      if (name === null || name === basename(file)) schedule();
    });
    watcher.on('error', () => {});
  } catch (error) {
    printError(
      `mcp-dashboard: cannot watch ${file} for changes (${(error as Error).message}); send SIGHUP to reload.\n`,
    );
  }
  process.on('SIGHUP', schedule);
  return () => {
    clearTimeout(timer);
    watcher?.close();
    process.off('SIGHUP', schedule);
  };
}
