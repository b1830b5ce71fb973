import { readFile, rename, writeFile } from 'node:fs/promises';
import Ajv from 'ajv';
import {
  installedWidgetSchema,
  type InstalledWidgetConfig,
  type RegistryDashboardConfig,
} from '../../../src/core/shared/config/registry-config-schema.js';
import { parseConfig } from './config.js';

const ajv = new Ajv({ allErrors: true, strict: false });
/** Compiled at the first installed widget read (most starts have none). */
let validateEntry: ReturnType<typeof ajv.compile> | undefined;
const NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/** Serialises edits of one file within this process. */
const queues = new Map<string, Promise<unknown>>();

/** The registry part of a config file, read fresh from disk (the CLI may have changed it). */
export async function readRegistrySection(file: string): Promise<RegistryDashboardConfig> {
  const config = parseConfig(await readFile(file, 'utf8'), file);
  return (config.dashboard ?? {}) as RegistryDashboardConfig;
}

/** Checks a package name as an install does; returns a problem or undefined. */
export function checkWidgetName(name: string): string | undefined {
  if (!NAME.test(name) || name.length > 214)
    return `${JSON.stringify(name.slice(0, 220))} is not an npm-style package name.`;
  return undefined;
}

/** Checks a package name and an entry for `dashboard.widgets`; returns a problem or undefined. */
export function checkInstalledEntry(name: string, entry: unknown): string | undefined {
  const badName = checkWidgetName(name);
  if (badName) return badName;
  validateEntry ??= ajv.compile(installedWidgetSchema);
  if (!validateEntry(entry)) return `the entry for ${name} is not valid: ${ajv.errorsText(validateEntry.errors)}`;
  return undefined;
}

/**
 * Edits `dashboard.widgets` of a config file: reads it fresh, applies `mutate`, validates the result
 * and writes it atomically (temp file + rename). Every other key of the file is kept as it was.
 * When `mutate` returns false nothing is written (the file is left exactly as it is).
 */
export function editInstalledWidgets(
  file: string,
  mutate: (widgets: Record<string, InstalledWidgetConfig>) => boolean | void,
): Promise<Record<string, InstalledWidgetConfig>> {
  const run = async () => {
    const text = await readFile(file, 'utf8');
    const config = parseConfig(text, file);
    const dashboard = (config.dashboard ??= {}) as RegistryDashboardConfig;
    const widgets: Record<string, InstalledWidgetConfig> = { ...(dashboard.widgets ?? {}) };
    if (mutate(widgets) === false) return widgets;
    if (Object.keys(widgets).length) dashboard.widgets = widgets;
    else delete dashboard.widgets;
    parseConfig(JSON.stringify(config), file);
    const indent = /^[ \t]+/m.exec(text)?.[0] ?? '  ';
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(config, null, indent)}\n`);
    await rename(temp, file);
    return widgets;
  };
  const next = (queues.get(file) ?? Promise.resolve()).then(run, run);
  queues.set(
    file,
    next.catch(() => {}),
  );
  return next;
}
