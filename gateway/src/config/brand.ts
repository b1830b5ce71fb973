import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { BRAND_IMAGE_LIMITS, type Brand } from '../../../src/core/shared/brand/brand-schema.js';
import { checkImageBytes, checkImageDataUrl, typeFromFileName } from '../../../src/core/shared/brand/brand-image.js';
import { validateBrand } from '../../../src/core/shared/brand/brand-validate.js';
import type { DashboardConfig } from '../../../src/core/shared/config/config-schema.js';
import { ConfigFileError } from './config.js';
import { readFailure } from './read-failure.js';

function locate(text: string, message: string): string {
  const match = /position (\d+)/.exec(message);
  if (!match) return '';
  const before = text.slice(0, Number(match[1]));
  return ` (line ${before.split('\n').length}, column ${Number(match[1]) - before.lastIndexOf('\n')})`;
}

async function readBrandFile(file: string, configFile: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = readFailure(error);
    throw new ConfigFileError(configFile, [`at /dashboard/brand: cannot read the brand file ${file}: ${reason}`]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigFileError(file, [
      `not valid JSON${locate(text, (error as Error).message)}: ${(error as Error).message.replace(/\s*\(line \d+ column \d+\)$/, '')}`,
    ]);
  }
}

/** Reads a logo or favicon (path relative to `baseDir`, or a data URL) and checks it by its bytes. */
async function loadImage(
  value: string,
  key: 'logo' | 'favicon',
  baseDir: string,
  reportFile: string,
  pointer: string,
): Promise<string> {
  const what = key === 'logo' ? 'The logo' : 'The favicon';
  try {
    if (value.startsWith('data:')) return checkImageDataUrl(value, { what, maxBytes: BRAND_IMAGE_LIMITS[key] }).dataUrl;
    const file = resolve(baseDir, value);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      throw new Error(`cannot read ${file}: ${readFailure(error)}`, { cause: error });
    }
    const checked = checkImageBytes(new Uint8Array(bytes), {
      what: `${what} ${file}`,
      maxBytes: BRAND_IMAGE_LIMITS[key],
      declaredType: typeFromFileName(file),
    });
    return checked.dataUrl;
  } catch (error) {
    throw new ConfigFileError(reportFile, [`at ${pointer}/${key}: ${(error as Error).message}`]);
  }
}

/**
 * Loads the white-label brand named by `dashboard.brand` in the config: a path to a brand.json
 * (relative to the config file) or the brand object itself. It is validated with ajv, and its logo
 * and favicon are read and checked by their bytes (type, size, declared type) into data URLs.
 * Problems stop start-up like any config error: the file, the place in the JSON, what is wrong.
 */
export async function loadBrand(config: DashboardConfig, configFile: string): Promise<Brand | null> {
  const entry = (config.dashboard as { brand?: unknown } | undefined)?.brand;
  if (entry === undefined || entry === null) return null;
  const configDir = dirname(configFile);
  let value: unknown;
  let reportFile: string;
  let baseDir: string;
  let pointer: string;
  if (typeof entry === 'string') {
    reportFile = resolve(configDir, entry);
    baseDir = dirname(reportFile);
    pointer = '';
    value = await readBrandFile(reportFile, configFile);
  } else {
    reportFile = configFile;
    baseDir = configDir;
    pointer = '/dashboard/brand';
    value = entry;
  }
  const result = validateBrand(value, pointer);
  if (!result.ok) throw new ConfigFileError(reportFile, result.problems);
  const brand: Brand = { ...result.brand };
  delete brand.$schema;
  if (brand.logo) brand.logo = await loadImage(brand.logo, 'logo', baseDir, reportFile, pointer);
  if (brand.favicon) brand.favicon = await loadImage(brand.favicon, 'favicon', baseDir, reportFile, pointer);
  return brand;
}
