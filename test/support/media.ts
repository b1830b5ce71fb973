// Browser-side helpers for the media plugin (test/support/wtr-media-plugin.mjs).
import { executeServerCommand } from '@web/test-runner-commands';

/** A media feature override, e.g. { name: 'prefers-contrast', value: 'more' }. */
export interface MediaFeature {
  name: 'prefers-color-scheme' | 'prefers-contrast' | 'prefers-reduced-motion' | 'forced-colors';
  value: string;
}

/** Overrides media features for this page (an empty list clears every override). */
export async function emulateMedia(features: MediaFeature[]): Promise<void> {
  await executeServerCommand('emulate-media-features', { features });
  // The page sees the override once its media queries match it; their change listeners run when the next frame
  // evaluates media queries, so two frames later every listener has run (on a busy machine that took over 50 ms).
  for (let i = 0; i < 100 && !features.every((f) => matchMedia(`(${f.name}: ${f.value})`).matches); i += 1)
    await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  await new Promise((r) => setTimeout(r, 0));
}

/** Browser zoom: `factor` 2 on 1280×800 is 200 %. */
export async function setZoom(factor: number, width = 1280, height = 800): Promise<void> {
  await executeServerCommand('set-zoom', { factor, width, height });
  await new Promise((r) => requestAnimationFrame(() => r(undefined)));
}
