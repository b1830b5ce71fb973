// ajv's standalone code as a plain ES module: what the validator generators (scripts/gen-*.ts) write. The page and the
// gateway then check values without loading ajv's compiler or compiling a schema at start-up.
import { readFileSync, writeFileSync } from 'node:fs';
import type Ajv from 'ajv';
import type { AnySchema } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';

/**
 * The module text of `schema` compiled by `ajv` (created with `code: { source: true, esm: true }`), headed by
 * `header`. ajv's one runtime helper such code needs (string length in code points) is CommonJS; it is inlined, and
 * any other helper is refused, so the module has no `require`.
 */
export function standaloneModule(ajv: Ajv, schema: AnySchema, header: string): string {
  const generate = (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;
  let code = generate(ajv, ajv.compile(schema));
  const helper = (ucs2length as unknown as { default?: (s: string) => number }).default ?? ucs2length;
  const required = 'require("ajv/dist/runtime/ucs2length").default';
  if (code.includes('require(') && !code.replaceAll(required, '').includes('require(')) {
    code = code.replaceAll(required, `(${helper.toString()})`);
  } else if (code.includes('require(')) {
    throw new Error('the generated validator needs an ajv runtime helper scripts/ajv-standalone.ts does not inline');
  }
  return `// ${header} Do not edit.\n// @ts-nocheck\n${code}\n`;
}

/** Writes `text` to `path`, or with `--check` on the command line exits with 1 when the file differs. */
export function writeOrCheck(path: string, text: string, command: string): void {
  if (!process.argv.includes('--check')) {
    writeFileSync(path, text);
    return;
  }
  if (readFileSync(path, 'utf8') !== text) {
    console.error(`${path} is out of date: run ${command}`);
    process.exit(1);
  }
}
