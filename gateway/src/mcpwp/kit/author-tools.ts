// Packages only widget authors need (`mcpwp test`, `mcpwp pack`). mcp-dashboard does not install
// them for everyone (docs/decisions/dependency-author-tools.md); a command that needs them
// checks for all of them first and says how to install the missing ones.
import { createRequire } from 'node:module';
import { UsageError } from './util.js';

/** A package an author command loads on demand. */
export type AuthorTool = 'esbuild' | 'playwright-core' | 'axe-core';

const WHY: Record<AuthorTool, string> = {
  esbuild: 'bundles the widget',
  'playwright-core': 'drives Chromium',
  'axe-core': 'checks accessibility in the page',
};

const requireHere = createRequire(import.meta.url);

/** The tools that cannot be resolved from where mcp-dashboard is installed (as `import()` would look). */
export function missingAuthorTools(
  tools: AuthorTool[],
  resolve: (name: string) => string = (name) => requireHere.resolve(name),
): AuthorTool[] {
  return tools.filter((name) => {
    try {
      resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** Throws a UsageError naming every missing tool and the one command that installs them all. */
export function requireAuthorTools(command: string, tools: AuthorTool[], resolve?: (name: string) => string): void {
  const missing = missingAuthorTools(tools, resolve);
  if (!missing.length) return;
  const list = tools.map((t) => `${t} (${WHY[t]})`).join(', ');
  const names = tools.join(' ');
  throw new UsageError(
    `"mcpwp ${command}" needs ${list}. mcp-dashboard does not install ${tools.length === 1 ? 'it' : 'them'}, because only widget authors use ${tools.length === 1 ? 'it' : 'them'}; not found: ${missing.join(', ')}.\n` +
      `Install in your widget project: npm install --save-dev ${names}\n` +
      `If mcp-dashboard is installed globally, install ${tools.length === 1 ? 'it' : 'them'} globally too: npm install --global ${names}`,
  );
}
