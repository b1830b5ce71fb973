import type { LayoutFile } from '../../core/shared/layout/layout-types.js';

/** Offers `file` as a download named `name` (the user's browser saves it). */
export function downloadLayout(file: LayoutFile, name: string): void {
  const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Reads and checks a layout file the user chose: JSON, then the layout schema (ajv, loaded on first
 * use so it is not part of the first paint). Returns the file, or the problems naming their JSON path.
 */
export async function readLayoutFile(
  text: string,
  notJson: (message: string) => string,
): Promise<{ ok: true; layout: LayoutFile } | { ok: false; problems: string[] }> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [notJson((error as Error).message)] };
  }
  const { validateLayoutFile } = await import('../../core/shared/layout/layout-validate.js');
  return validateLayoutFile(value);
}
