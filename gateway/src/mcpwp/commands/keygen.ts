import { generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { McpwpCommand } from '../kit/command.js';
import { parse, runCommand, UsageError } from '../kit/util.js';

const usage = 'mcpwp keygen --out <private-key.pem> [--publisher <name>]';

/** `mcpwp keygen`: makes an ES256 (P-256) key pair for signing widget manifests. */
const command: McpwpCommand = {
  summary: 'Create an ES256 key pair for signing widgets; prints the public key to pin in dashboard configs.',
  usage,
  run: (args) =>
    runCommand('keygen', async () => {
      const { values } = parse(args, { out: { type: 'string' }, publisher: { type: 'string' } }, usage);
      if (!values.out) throw new UsageError(`--out is required.\nUsage: ${usage}`, 2);
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
      await writeFile(values.out, pem, { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
        throw new UsageError(
          error.code === 'EEXIST' ? `${values.out} already exists; not overwriting a key.` : error.message,
        );
      });
      const spki = (publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64');
      const entry = { publisher: values.publisher ?? 'Your name', publicKey: spki };
      process.stdout.write(
        `Private key written to ${values.out} (keep it secret).\nPublic key: ${spki}\n\nUsers pin it in their dashboard config:\n"dashboard": { "publisherKeys": [${JSON.stringify(entry)}] }\n`,
      );
    }),
};
export default command;
