import DOMPurify from 'dompurify';
import { BRAND_IMAGE_LIMITS, type Brand } from '../src/core/shared/brand/brand-schema.js';
import {
  checkImageBytes,
  checkImageDataUrl,
  toBase64,
  typeFromFileName,
} from '../src/core/shared/brand/brand-image.js';
import { validateBrand } from '../src/core/shared/brand/brand-validate.js';

/** A brand ready to use, with notes about what was removed from its images. */
export type PreparedBrand = { ok: true; brand: Brand; notes: string[] } | { ok: false; problems: string[] };

/**
 * Sanitises SVG markup with DOMPurify's SVG profile: no scripts, event handlers, foreignObject
 * (HTML inside SVG), or links other than in-document fragments and embedded raster data. The logo is
 * shown through `<img>` (which never runs script) — this removes anything that would run if the
 * file were opened on its own. Returns the clean markup and what was removed.
 */
export function sanitizeSvg(markup: string): { svg: string; removed: string[] } {
  const svg = DOMPurify.sanitize(markup, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // Parsed in the SVG namespace so case-sensitive attributes (viewBox) survive and the output is XML.
    NAMESPACE: 'http://www.w3.org/2000/svg',
    FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'object', 'embed', 'use'],
    // DOMPurify checks every attribute value with this: values without a scheme (path data, numbers,
    // colours), in-document fragments and embedded raster images pass; any URL scheme (http:,
    // javascript:, data:text/html…) is dropped, so the logo can load nothing from outside.
    ALLOWED_URI_REGEXP: /^(?:#|data:image\/(?:png|jpeg|gif|webp);base64,|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  }) as unknown as string;
  const removed = DOMPurify.removed.flatMap((r) => {
    const item = r as { element?: Element; attribute?: Attr | null };
    if (item.attribute) return [`attribute ${item.attribute.name}`];
    const name = item.element?.nodeName ?? '?';
    // DOMPurify reports the wrapper it parsed into; that was never part of the file.
    return /^(body|template|html|head)$/i.test(name) ? [] : [`<${name}>`];
  });
  return { svg, removed: [...new Set(removed)] };
}

/** Checks a brand image data URL; SVG comes back sanitised. Throws with a message a user can act on. */
export function prepareImage(dataUrl: string, key: 'logo' | 'favicon'): { dataUrl: string; removed: string[] } {
  const what = key === 'logo' ? 'The logo' : 'The favicon';
  if (!dataUrl.startsWith('data:')) {
    throw new Error(
      `${what} must be embedded as a data: URL here (a brand.json imported in the browser cannot refer to other files; Export embeds them).`,
    );
  }
  const checked = checkImageDataUrl(dataUrl, { what, maxBytes: BRAND_IMAGE_LIMITS[key] });
  if (checked.type !== 'image/svg+xml') return { dataUrl: checked.dataUrl, removed: [] };
  const text = new TextDecoder().decode(checked.bytes);
  const { svg, removed } = sanitizeSvg(text);
  if (!/^<svg[\s>]/.test(svg.trim())) throw new Error(`${what} is not a usable SVG after removing unsafe content.`);
  return { dataUrl: `data:image/svg+xml;base64,${toBase64(new TextEncoder().encode(svg))}`, removed };
}

/** Reads an uploaded image file into a checked (and for SVG, sanitised) data URL. */
export async function imageFileToDataUrl(
  file: File,
  key: 'logo' | 'favicon',
): Promise<{ dataUrl: string; removed: string[] }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const what = key === 'logo' ? `The logo ${file.name}` : `The favicon ${file.name}`;
  const checked = checkImageBytes(bytes, {
    what,
    maxBytes: BRAND_IMAGE_LIMITS[key],
    declaredType: typeFromFileName(file.name),
  });
  return prepareImage(checked.dataUrl, key);
}

/**
 * Validates a brand (ajv, brand-schema.ts) and prepares its images. Used for the config's brand
 * (from `GET /api/brand`), for one imported in the Theme panel, and for the one stored in IndexedDB.
 */
export function prepareBrand(value: unknown): PreparedBrand {
  const result = validateBrand(value);
  if (!result.ok) return { ok: false, problems: result.problems };
  const brand: Brand = { ...result.brand };
  delete brand.$schema;
  const notes: string[] = [];
  const problems: string[] = [];
  for (const key of ['logo', 'favicon'] as const) {
    const url = brand[key];
    if (!url) continue;
    try {
      const prepared = prepareImage(url, key);
      brand[key] = prepared.dataUrl;
      if (prepared.removed.length) notes.push(`${key}: removed ${prepared.removed.join(', ')}`);
    } catch (error) {
      problems.push(`at /${key}: ${(error as Error).message}`);
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, brand, notes };
}
