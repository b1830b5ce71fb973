import DOMPurify from 'dompurify';

/**
 * Turns untrusted HTML into a DocumentFragment with scripts, handlers, forms and frames removed
 * (MCP-WP-11.1.3). Nothing is ever assigned to innerHTML by our code.
 */
export function sanitizeToFragment(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link'],
    FORBID_ATTR: ['style', 'srcset', 'action', 'formaction'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
  });
}

/** Returns `url` when it is http(s), else undefined: server-supplied links are never javascript: or data:. */
export function safeHttpUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|bmp|avif)$/;
const AUDIO_TYPES = /^audio\/(wav|x-wav|mpeg|mp3|ogg|webm|flac|aac|mp4)$/;

/** A `data:` URL for base64 image data of an allowed raster type, or undefined. */
export function safeImageDataUrl(mimeType: unknown, data: unknown): string | undefined {
  if (typeof mimeType !== 'string' || typeof data !== 'string') return undefined;
  const type = mimeType.toLowerCase().trim();
  const clean = data.replace(/\s+/g, '');
  if (!IMAGE_TYPES.test(type) || !BASE64.test(clean)) return undefined;
  return `data:${type};base64,${clean}`;
}

/** A `data:` URL for base64 audio of an allowed type, or undefined. */
export function safeAudioDataUrl(mimeType: unknown, data: unknown): string | undefined {
  if (typeof mimeType !== 'string' || typeof data !== 'string') return undefined;
  const type = mimeType.toLowerCase().trim();
  const clean = data.replace(/\s+/g, '');
  if (!AUDIO_TYPES.test(type) || !BASE64.test(clean)) return undefined;
  return `data:${type};base64,${clean}`;
}
