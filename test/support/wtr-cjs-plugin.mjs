// web-test-runner plugin: serves CommonJS packages (ajv and friends) as ESM, bundled once by esbuild
// with code splitting so the packages share one copy of their common code. Vite does this in the build.
import { build } from 'esbuild';
import { resolve } from 'node:path';

/** `specifiers` maps a bare import (e.g. 'ajv/dist/2020.js') to a chunk name. */
export function cjsBundlePlugin(specifiers, rootDir = process.cwd()) {
  const files = new Map();
  let building;
  const ensureBuilt = () => {
    building ??= build({
      entryPoints: Object.fromEntries(Object.entries(specifiers).map(([spec, name]) => [name, `cjs-entry:${spec}`])),
      bundle: true,
      splitting: true,
      format: 'esm',
      write: false,
      outdir: '/__cjs__',
      target: 'es2022',
      logLevel: 'silent',
      plugins: [
        {
          name: 'cjs-entry',
          setup(b) {
            b.onResolve({ filter: /^cjs-entry:/ }, (args) => ({
              path: args.path.slice('cjs-entry:'.length),
              namespace: 'cjs-entry',
            }));
            b.onLoad({ filter: /.*/, namespace: 'cjs-entry' }, (args) => ({
              contents: `export { default } from ${JSON.stringify(args.path)};`,
              resolveDir: resolve(rootDir),
            }));
          },
        },
      ],
    }).then((result) => {
      for (const file of result.outputFiles) files.set(file.path.replace(/^.*\/__cjs__\//, '/__cjs__/'), file.text);
    });
    return building;
  };
  return {
    name: 'cjs-bundle',
    async serverStart() {
      await ensureBuilt();
    },
    resolveImport({ source }) {
      const name = specifiers[source];
      return name ? `/__cjs__/${name}.js` : undefined;
    },
    async serve(context) {
      if (!context.path.startsWith('/__cjs__/')) return undefined;
      await ensureBuilt();
      const body = files.get(context.path);
      return body === undefined ? undefined : { body, type: 'js' };
    },
  };
}
