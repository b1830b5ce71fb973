import { defineConfig, type Plugin } from 'vite';

const EARLY = 'src/shell/startup/launch-early.ts';

/**
 * `launch-early.ts` is its own entry, loaded by index.html before the dashboard's bundle, so
 * the launch code is spent (and the start-up reads sent) while the browser still compiles the rest.
 * The dashboard imports the same module (one instance), which hands it what was sent.
 */
function earlyLaunchScript(): Plugin {
  return {
    name: 'mcp-dashboard-early-launch',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith(EARLY),
        );
        if (!chunk) throw new Error(`${EARLY} was not built as an entry`);
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [earlyLaunchScript()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    manifest: true,
    rollupOptions: { input: { index: 'index.html', 'launch-early': EARLY } },
  },
});
