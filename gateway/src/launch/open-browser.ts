import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What was run to open the browser (for tests and diagnostics): never a credential. */
export interface OpenedBrowser {
  command: string;
  args: string[];
  /** The 0600 file the browser was given; it is removed once its launch code is dead. */
  file: string;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The command that opens `file`: `$BROWSER` when set (`%s` stands for the file), else the platform's opener. */
function openerFor(file: string, env: NodeJS.ProcessEnv): { command: string; args: string[] } | undefined {
  const browser = env.BROWSER?.trim();
  if (browser) {
    const [command, ...rest] = browser.split(/\s+/);
    const args = rest.some((a) => a.includes('%s')) ? rest.map((a) => a.replace('%s', file)) : [...rest, file];
    return { command: command!, args };
  }
  if (process.platform === 'darwin') return { command: 'open', args: [file] };
  if (process.platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', file] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return undefined;
  return { command: 'xdg-open', args: [file] };
}

/**
 * Opens `url` in the user's browser without putting it on a command line, where any local user
 * could read it (`/proc/<pid>/cmdline`): the URL goes into a file only this user can read (a fresh
 * 0700 folder, the file 0600) that redirects to it, and the browser is given that file — Jupyter's
 * way. The file is deleted after `keepMs` (when the launch code in it has expired anyway).
 * Best effort: failures are silent (the address is printed too).
 */
export async function openBrowser(
  url: string,
  options: { keepMs: number; env?: NodeJS.ProcessEnv },
): Promise<OpenedBrowser | undefined> {
  const env = options.env ?? process.env;
  if (!openerFor('', env)) return undefined;
  let dir: string | undefined;
  try {
    dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-open-'));
    const file = join(dir, 'open.html');
    const target = escapeHtml(url);
    await writeFile(
      file,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
        `<meta http-equiv="refresh" content="0;url=${target}"><title>Opening MCP Dashboard\u2026</title></head>` +
        `<body><p><a href="${target}">Open MCP Dashboard</a></p></body></html>\n`,
      { mode: 0o600, flag: 'wx' },
    );
    const removeDir = dir;
    setTimeout(() => void rm(removeDir, { recursive: true, force: true }).catch(() => {}), options.keepMs).unref();
    const opener = openerFor(file, env)!;
    const child = spawn(opener.command, opener.args, { stdio: 'ignore', detached: true, shell: false, env });
    child.on('error', () => {});
    child.unref();
    return { ...opener, file };
  } catch {
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {});
    return undefined;
  }
}
