import { spawn } from 'node:child_process';

/** Best-effort: opens `url` in the user's browser; failures are silent (the URL is printed anyway). */
export function openBrowser(url: string): void {
  let command: string;
  let args: string[];
  if (process.platform === 'darwin') {
    command = 'open';
    args = [url];
  } else if (process.platform === 'win32') {
    command = 'cmd';
    args = ['/c', 'start', '""', url];
  } else {
    if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return;
    command = 'xdg-open';
    args = [url];
  }
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, shell: false });
    child.on('error', () => {});
    child.unref();
  } catch {
    // no opener available
  }
}
