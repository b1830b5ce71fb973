/**
 * Checks brand images (logo, favicon) by their bytes, not their names: a "logo.png" that is really
 * HTML, or a data URL that lies about its type, is refused. Pure; used by the gateway when it loads
 * brand files and by the browser when a brand is imported.
 */

/** Image types a brand may use. */
export type BrandImageType = 'image/svg+xml' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/x-icon';

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** True when `text` is an SVG document (optional BOM, XML declaration, comments, doctype, then `<svg`). */
export function looksLikeSvg(text: string): boolean {
  if (text.includes('\u0000')) return false;
  let rest = text.replace(/^\uFEFF/, '').trimStart();
  for (;;) {
    const before = rest;
    rest = rest
      .replace(/^<\?xml[^>]*\?>/, '')
      .replace(/^<!--[\s\S]*?-->/, '')
      .replace(/^<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, '')
      .trimStart();
    if (rest === before) break;
  }
  return /^<svg[\s>]/.test(rest);
}

/** The image type of `bytes` from its signature, or undefined when it is no image we accept. */
export function sniffImageType(bytes: Uint8Array): BrandImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length > 6) return 'image/x-icon';
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (looksLikeSvg(text)) return 'image/svg+xml';
  } catch {
    // not UTF-8 text: not an SVG either
  }
  return undefined;
}

/** The MIME type a data URL declares, normalised (`vnd.microsoft.icon` is `x-icon`). */
function normaliseType(type: string): string {
  const t = type.toLowerCase();
  return t === 'image/vnd.microsoft.icon' ? 'image/x-icon' : t;
}

/** A checked image: its real type and a data URL carrying exactly its bytes. */
export interface CheckedImage {
  type: BrandImageType;
  bytes: Uint8Array;
  dataUrl: string;
}

/** Base64 of bytes, without Buffer (works in the browser and in Node). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Checks image bytes: accepted type, within `maxBytes`, and (when given) the type the name or data
 * URL declared matches what the bytes are. Throws an Error whose message says what is wrong.
 */
export function checkImageBytes(
  bytes: Uint8Array,
  options: { what: string; maxBytes: number; declaredType?: string },
): CheckedImage {
  if (bytes.length === 0) throw new Error(`${options.what} is empty.`);
  if (bytes.length > options.maxBytes) {
    throw new Error(
      `${options.what} is ${Math.ceil(bytes.length / 1024)} KB; at most ${Math.floor(options.maxBytes / 1024)} KB is allowed.`,
    );
  }
  const type = sniffImageType(bytes);
  if (!type)
    throw new Error(`${options.what} is not an SVG, PNG, JPEG, GIF, WebP or ICO image (its content says otherwise).`);
  if (options.declaredType && normaliseType(options.declaredType) !== type) {
    throw new Error(`${options.what} says it is ${options.declaredType} but its content is ${type}.`);
  }
  return { type, bytes, dataUrl: `data:${type};base64,${toBase64(bytes)}` };
}

/** Parses and checks a `data:image/…;base64,` URL. */
export function checkImageDataUrl(url: string, options: { what: string; maxBytes: number }): CheckedImage {
  const m = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/]*={0,2})$/i.exec(url.trim());
  if (!m) throw new Error(`${options.what} must be a data:image/…;base64 URL.`);
  let binary: string;
  try {
    binary = atob(m[2]!);
  } catch {
    throw new Error(`${options.what} is not valid base64.`);
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return checkImageBytes(bytes, { ...options, declaredType: m[1]! });
}

/** The type a file name claims by its extension, for the mismatch check. */
export function typeFromFileName(name: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const map: Record<string, BrandImageType> = {
    svg: 'image/svg+xml',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    ico: 'image/x-icon',
  };
  return ext ? map[ext] : undefined;
}
