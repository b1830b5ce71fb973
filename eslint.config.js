// ESLint flat config. The layer rules of ../shared/ARCHITECTURE.md are enforced here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = {
  regex: '^node:',
  message: 'Browser code must not import Node built-ins (ARCHITECTURE.md: layers).',
};

/** The host modules the kit may import, as a regex alternation of paths from the repository root. */
const KIT_HOST_MODULES =
  'src/core/shared/types\\.js$|src/core/services/message-format\\.js$|src/core/history/history-entry\\.js$|src/core/shared/errors/retry-advice\\.js$|theme/base-styles\\.js$';

/** The kit's import rule for `files`, whose relative path to widgets/ is `up` (a regex, e.g. one `../`). */
function kitImports(files, up) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            {
              regex: `^${up}\\.\\./(?!${KIT_HOST_MODULES})`,
              message:
                'The kit may import only src/core/shared/types.js (types), src/core/services/message-format.js (a pure formatter), src/core/history/history-entry.js (pure event → history entry), src/core/shared/errors/retry-advice.js (pure retry advice) and theme/base-styles.js from the host.',
            },
            { regex: `^${up}(?!\\.\\./)`, message: 'The kit does not import widgets.' },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'gateway/dist/**',
      'node_modules/**',
      '.scratch/**',
      'bench/results/**',
      '**/*.d.ts',
      '**/*.generated.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    // Node-side JavaScript (launchers, test support, fixtures, bench): Node's globals.
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The MCP Apps sandbox proxy: browser code the gateway serves as-is on the sandbox origin.
    files: ['gateway/sandbox/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // chai's property assertions (expect(x).to.exist) look like unused expressions.
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // Core: no DOM framework, no shell/widgets/theme, no Node.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            { group: ['lit', 'lit/*', '@lit/*', '@lit-labs/*'], message: 'src/core has no Lit (ARCHITECTURE.md).' },
            {
              regex: '(^|/)(shell|widgets|theme|gateway|registry-client)/',
              message:
                'src/core imports nothing from shell, widgets, theme, gateway or registry-client (ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared folder is what the gateway may import: it reaches nothing outside itself, so the gateway's
    // lint rule is one path and its imports stay pure.
    files: ['src/core/shared/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [nodeBuiltins, { regex: '^\\.\\./', message: 'src/core/shared imports only src/core/shared.' }] },
      ],
    },
  },
  {
    files: ['src/core/shared/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            { regex: '^\\.\\./\\.\\./', message: 'src/core/shared imports only src/core/shared.' },
          ],
        },
      ],
    },
  },
  {
    // Widgets (not the kit): only the kit and lit. Everything else comes through injected dependencies.
    files: ['widgets/**/*.ts'],
    ignores: ['widgets/kit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!lit($|/)|@lit/|@lit-labs/|\\.{1,2}/)',
              message: 'Widgets import only widgets/kit and lit (ARCHITECTURE.md).',
            },
            {
              regex: '^\\.\\./\\.\\./',
              message:
                'Widgets import only widgets/kit and lit; the rest comes through injected dependencies (ARCHITECTURE.md).',
            },
            { regex: '^\\.\\./(?!kit/)', message: 'Widgets import only widgets/kit (not other widgets).' },
          ],
        },
      ],
    },
  },
  {
    // Example third-party widgets: lit, the public kit by its package name, and their own files only.
    files: ['examples/widgets/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!lit($|/)|mcp-dashboard/widgets/kit$|\\.{1,2}/)',
              message: 'A third-party widget imports only lit and mcp-dashboard/widgets/kit.',
            },
            { regex: '^\\.\\./\\.\\./', message: 'A widget package does not reach outside its own folder.' },
          ],
        },
      ],
    },
  },
  // The kit may use public core types, the pure message formatter and the shared theme base styles,
  // nothing else of the host. Its entry point sits at widgets/kit/, its rooms one folder below.
  kitImports(['widgets/kit/*.ts'], '\\.\\./'),
  kitImports(['widgets/kit/*/**/*.ts'], '\\.\\./\\.\\./'),
  {
    // The conformance test kit is a development tool, not part of a widget bundle: it reuses the
    // host's contract schema (and its check of AgentAPI capabilities) so widgets are judged by the same
    // rules the host enforces.
    files: ['widgets/kit/test-kit/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            {
              regex:
                '^\\.\\./\\.\\./\\.\\./(?!src/core/(shared/types|widget-host/widget-contract|agents/agent-capabilities-check)\\.js$)',
              message:
                'The test kit may import only src/core/shared/types.js, src/core/widget-host/widget-contract.js and src/core/agents/agent-capabilities-check.js from the host.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shell/**/*.ts', 'theme/**/*.ts', 'registry-client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [nodeBuiltins, { regex: '(^|/)gateway/', message: 'The browser never imports the gateway.' }] },
      ],
    },
  },
  {
    files: ['registry-client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            {
              regex: '(^|/)(shell|widgets|gateway)/|^lit',
              message: 'registry-client has no DOM layer (ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The gateway shares only pure modules with the browser.
    files: ['gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!core/shared/)',
              message:
                'gateway/ shares only the pure modules of src/core/shared/ (config, brand and layout schemas and checks, types, MCP Apps CSP, the client capabilities the dashboard declares) with the browser.',
            },
            { regex: '(^|/)(widgets|theme)/|^lit', message: 'gateway/ never imports browser layers.' },
            // The mcpwp CLI verifies packages with the same pure modules the browser uses (docs/decisions/registry-mcpwp-cli.md).
            {
              regex:
                '(^|/)registry-client/(?!(errors|manifest|integrity|signature|source|resolver|permissions|updates)\\.js$)',
              message: 'gateway/ may use only the pure modules of registry-client (no IndexedDB, no loader).',
            },
          ],
        },
      ],
    },
  },
  {
    // The shell's strings come through ShellLocalize (src/shell/i18n): the kit's LocalizeController is the
    // widgets' tool, and only the shell's own i18n room builds on it. A rule of its own name, so the browser
    // patterns above keep applying.
    files: ['src/shell/**/*.ts'],
    ignores: ['src/shell/i18n/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)widgets/kit/i18n/localize\\.js$',
              message:
                'Shell elements localise with ShellLocalize (src/shell/i18n/shell-localize.ts), not the kit controller.',
            },
          ],
        },
      ],
    },
  },
  {
    // Gateway rooms (gateway/src/<room>/, and rooms within rooms): a folder composes its rooms, so a file in a
    // room never imports a module that sits directly in a folder above it (`../x.js`, `../../x.js`); siblings
    // (`../oauth/x.js`) and src/core/shared are fine. A rule of its own name, because ESLint replaces a rule's
    // options per name: the gateway's `no-restricted-imports` patterns above keep applying to these files.
    files: ['gateway/src/*/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+[^/]+\\.js$',
              message:
                'A gateway room does not import a module of a folder above it: move what it needs into a room, or depend on a narrow interface (ARCHITECTURE.md, gateway).',
            },
          ],
        },
      ],
    },
  },
  {
    // One concept per file: a file over 400 lines (counted after Prettier, which lint checks first) is split
    // along a seam, never squeezed (CONVENTIONS.md).
    files: ['**/*.{ts,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The view guard is exempt from max-lines: proxy.js injects it into every view as `(${String(mcpViewGuard)})()`,
    // so it must stay one self-contained function whose own source is the whole guard, with the built-ins it
    // captures in its closure. Split into modules, it would need a build step that stitches them back into one
    // function before the sandbox server serves it (sandbox-server.ts reads the file as it is).
    files: ['gateway/sandbox/view-guard.js'],
    rules: { 'max-lines': 'off' },
  },
);
