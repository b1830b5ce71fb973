/**
 * Measurements behind `getResourceUsage()` (MCP-WP-17.6.5, 18.1.4): everything in bytes and
 * milliseconds. A page cannot attribute heap to one element, so memory is the size of the server
 * data a widget keeps (its JSON text at 2 bytes a character, as JavaScript strings are UTF-16); the
 * DOM and the shared code are not counted.
 */

const sizes = new WeakMap<object, number>();

/** Bytes of `value` as JSON text held in memory (UTF-16), cached per object. */
export function dataBytes(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value !== 'object') return 2 * String(value).length;
  const cached = sizes.get(value);
  if (cached !== undefined) return cached;
  let bytes: number;
  try {
    bytes = 2 * (JSON.stringify(value)?.length ?? 0);
  } catch {
    bytes = 0; // cycles or BigInt: not server data we keep
  }
  sizes.set(value, bytes);
  return bytes;
}

const bundles = new Map<string, Promise<number>>();

/**
 * Gzipped bytes of the script at `url` (the module a widget's factory came from), read back from the
 * browser's cache and compressed with CompressionStream. Resolves 0 when it cannot be read: only a
 * same-origin http(s) module is read back (a widget installed from a registry runs from a blob: URL,
 * which the page's CSP does not let `fetch` read; the registry already knows that bundle's size).
 */
export function gzippedBytes(url: string): Promise<number> {
  let sameOrigin = false;
  try {
    const parsed = new URL(url);
    sameOrigin = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === location.origin;
  } catch {
    // not a URL
  }
  if (!sameOrigin) return Promise.resolve(0);
  let pending = bundles.get(url);
  if (!pending) {
    pending = (async () => {
      try {
        const response = await fetch(url, { cache: 'force-cache' });
        if (!response.ok || !response.body) return 0;
        const reader = response.body.pipeThrough(new CompressionStream('gzip')).getReader();
        let total = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return total;
          total += value.byteLength;
        }
      } catch {
        return 0;
      }
    })();
    bundles.set(url, pending);
  }
  return pending;
}
