// Visual regression in the page (MCP-WP §17.8): a screenshot of an element compared with its committed
// baseline, pixel by pixel, with a small tolerance. UPDATE_SCREENSHOTS=1 writes the baselines instead.
import { executeServerCommand, setViewport } from '@web/test-runner-commands';

/** Pixels whose colour differs by more than this (0–255, any channel) count as changed (anti-aliasing stays under it). */
export const CHANNEL_TOLERANCE = 48;
/** At most this share of pixels may change. */
export const PIXEL_TOLERANCE = 0.005;

async function pixels(base64: string): Promise<ImageData> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
}

/** Share of pixels that differ between two PNGs (1 when the sizes differ). */
export async function difference(a: string, b: string): Promise<number> {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  if (pa.width !== pb.width || pa.height !== pb.height) return 1;
  let changed = 0;
  for (let i = 0; i < pa.data.length; i += 4) {
    if (
      Math.abs(pa.data[i]! - pb.data[i]!) > CHANNEL_TOLERANCE ||
      Math.abs(pa.data[i + 1]! - pb.data[i + 1]!) > CHANNEL_TOLERANCE ||
      Math.abs(pa.data[i + 2]! - pb.data[i + 2]!) > CHANNEL_TOLERANCE
    )
      changed++;
  }
  return changed / (pa.width * pa.height);
}

/** A PNG (base64) of the page region covered by `element`. */
export async function screenshot(element: Element): Promise<string> {
  const r = element.getBoundingClientRect();
  const clip = {
    x: Math.round(r.left),
    y: Math.round(r.top),
    width: Math.round(r.width),
    height: Math.round(r.height),
  };
  return (await executeServerCommand<string, { clip: typeof clip }>('screenshot-take', { clip }))!;
}

/**
 * Compares `element` with the baseline `name`: returns the share of changed pixels. With
 * UPDATE_SCREENSHOTS=1 it writes the baseline and returns 0; without one, a missing baseline throws.
 */
export async function compareWithBaseline(
  element: Element,
  name: string,
): Promise<{ difference: number; written: boolean; png: string }> {
  const png = await screenshot(element);
  const update = await executeServerCommand<boolean, Record<string, never>>('screenshot-update', {});
  const baseline = update
    ? null
    : await executeServerCommand<string | null, { name: string }>('screenshot-baseline', { name });
  if (update) {
    await executeServerCommand('screenshot-save', { name, png });
    return { difference: 0, written: true, png };
  }
  // A missing baseline fails: a comparison with nothing cannot pass.
  if (!baseline)
    throw new Error(
      `No baseline test/browser/screenshots/${name}.png; run the test with UPDATE_SCREENSHOTS=1 and commit the PNG.`,
    );
  return { difference: await difference(baseline, png), written: false, png };
}

/** The share of changed pixels between `element` now and the committed baseline `name` (never writes). */
export async function differenceFromBaseline(element: Element, name: string): Promise<number> {
  const baseline = await executeServerCommand<string | null, { name: string }>('screenshot-baseline', { name });
  if (!baseline) throw new Error(`No baseline test/browser/screenshots/${name}.png.`);
  return difference(baseline, await screenshot(element));
}

/**
 * Writes a picture of `element` for the user docs (test/browser/screenshots/doc-<name>.png) when the test runs with
 * UPDATE_SCREENSHOTS=1; otherwise does nothing. Docs pictures are not compared: their content (numbers, times) may
 * vary from run to run, so the tests that take them assert on the text instead.
 */
export async function docImage(element: Element, name: string): Promise<void> {
  if (!(await executeServerCommand<boolean, Record<string, never>>('screenshot-update', {}))) return;
  // A page as tall as a laptop's, so a dialog is pictured whole; the test's own size is put back after.
  const before = { width: window.innerWidth, height: window.innerHeight };
  await setViewport({ width: 1280, height: 1000 });
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  try {
    await executeServerCommand('screenshot-save', { name: `doc-${name}`, png: await screenshot(element) });
  } finally {
    await setViewport(before);
  }
}
