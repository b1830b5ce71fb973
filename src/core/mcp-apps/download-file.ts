// What an MCP App may hand the person as a file (`ui/download-file`, MCP Apps 2026-01-26): the checks the host
// makes before it asks. Pure, so the rules are tested without a browser. A view is untrusted: its names, types
// and sizes are what it says, so the name is made safe to save, a size is measured before anything is decoded,
// and files a double-click would run are refused.

/** At most this many files per request, and these many bytes each and in all. */
export const MAX_DOWNLOAD_FILES = 10;
export const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_DOWNLOAD_TOTAL = 50 * 1024 * 1024;

/** Extensions of files a double-click runs or installs: refused whatever type the view gives them. */
const EXECUTABLE_EXTENSIONS = new Set(
  (
    'exe msi msp bat cmd com scr pif cpl msc ps1 psm1 vbs vbe js jse wsf wsh hta lnk reg dll sys ' +
    'sh bash zsh command app dmg pkg deb rpm apk appimage jar run bin elf desktop'
  ).split(' '),
);
const EXECUTABLE_TYPES = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-msi',
  'application/vnd.microsoft.portable-executable',
  'application/x-executable',
  'application/x-sharedlib',
  'application/x-sh',
  'application/x-shellscript',
  'application/java-archive',
  'application/x-apple-diskimage',
  'application/vnd.android.package-archive',
  'application/x-debian-package',
  'application/x-rpm',
  'application/hta',
]);

/** One file the person is asked about: its safe name, its type, its size, and its bytes (decoded when saved). */
export interface DownloadFile {
  name: string;
  mimeType: string;
  size: number;
  /** Text as given, or base64 as given (decoded only once the person agreed). */
  text?: string;
  base64?: string;
}

export type DownloadCheck = { ok: true; files: DownloadFile[] } | { ok: false; message: string };

/**
 * A file name that is safe to save: the last segment of `uri`'s path (percent-decoded), without path separators,
 * control or reserved characters, leading dots or trailing dots and spaces, at most 100 characters; "download"
 * when nothing is left.
 */
export function safeFileName(uri: unknown): string {
  let raw = typeof uri === 'string' ? uri : '';
  raw = raw.replace(/[?#].*$/, '');
  let last = raw.split(/[/\\]/).pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // keep it as written
  }
  // A decoded name may hold separators again ("..%2F..%2Fetc%2Fpasswd"): only its last segment counts.
  last = last.split(/[/\\]/).pop() ?? '';
  const cleaned = last
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .slice(0, 100)
    .replace(/[.\s]+$/, '');
  return cleaned || 'download';
}

/** The decoded size of a base64 string, from its length (nothing is decoded); NaN when it is not base64. */
export function base64Size(value: string): number {
  const text = value.replace(/\s+/g, '');
  if (text.length % 4 === 1 || /[^A-Za-z0-9+/=]/.test(text)) return Number.NaN;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** Checks a `ui/download-file` request's `contents`; says in plain words why one is refused. */
export function checkDownload(contents: unknown): DownloadCheck {
  if (!Array.isArray(contents) || contents.length === 0)
    return { ok: false, message: 'The app asked to save files but named none.' };
  if (contents.length > MAX_DOWNLOAD_FILES)
    return {
      ok: false,
      message: `The app asked to save ${contents.length} files at once; at most ${MAX_DOWNLOAD_FILES} are allowed.`,
    };
  const files: DownloadFile[] = [];
  let total = 0;
  for (const item of contents) {
    const entry = item as { type?: unknown; resource?: Record<string, unknown> } | null;
    if (entry?.type === 'resource_link')
      return {
        ok: false,
        message: 'The app asked to save a file by its address; the dashboard saves only files the app hands over.',
      };
    const resource = entry?.type === 'resource' ? entry.resource : undefined;
    if (!resource || typeof resource !== 'object')
      return { ok: false, message: 'The app asked to save something that is not a file.' };
    const name = safeFileName(resource.uri);
    const declared = typeof resource.mimeType === 'string' ? resource.mimeType.trim().toLowerCase() : '';
    const mimeType = TYPE.test(declared) ? declared : 'application/octet-stream';
    const text = typeof resource.text === 'string' ? resource.text : undefined;
    const base64 = typeof resource.blob === 'string' ? resource.blob : undefined;
    if (text === undefined && base64 === undefined)
      return { ok: false, message: `The app asked to save "${name}" but gave no content.` };
    const size = text !== undefined ? new TextEncoder().encode(text).length : base64Size(base64!);
    if (!Number.isFinite(size)) return { ok: false, message: `The app gave "${name}" in a form that is not base64.` };
    if (size > MAX_DOWNLOAD_BYTES)
      return {
        ok: false,
        message: `The app asked to save "${name}" of ${formatBytes(size)}; at most ${formatBytes(MAX_DOWNLOAD_BYTES)} per file.`,
      };
    if (EXECUTABLE_EXTENSIONS.has(extensionOf(name)) || EXECUTABLE_TYPES.has(mimeType))
      return {
        ok: false,
        message: `The app asked to save "${name}", a program or installer; the dashboard does not save those.`,
      };
    total += size;
    files.push({ name, mimeType, size, ...(text !== undefined ? { text } : { base64 }) });
  }
  if (total > MAX_DOWNLOAD_TOTAL)
    return {
      ok: false,
      message: `The app asked to save ${formatBytes(total)} in all; at most ${formatBytes(MAX_DOWNLOAD_TOTAL)}.`,
    };
  // Two files of one name would overwrite each other in the downloads folder: number the later ones.
  const seen = new Map<string, number>();
  for (const file of files) {
    const n = (seen.get(file.name) ?? 0) + 1;
    seen.set(file.name, n);
    if (n > 1) {
      const ext = extensionOf(file.name);
      file.name = ext ? `${file.name.slice(0, -ext.length - 1)} (${n}).${ext}` : `${file.name} (${n})`;
    }
  }
  return { ok: true, files };
}

/** "12 B", "3.4 KiB", "20 MiB": binary units, written as the Widgets panel writes sizes (no word to translate). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MiB`;
}

/** The file's bytes, decoded once the person agreed. */
export function fileBytes(file: DownloadFile): Uint8Array {
  if (file.text !== undefined) return new TextEncoder().encode(file.text);
  const binary = atob((file.base64 ?? '').replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
