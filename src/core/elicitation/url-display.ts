// How the dashboard shows an address a server asks the person to open: one canonical form everywhere (the
// WHATWG serialisation, whose host is ASCII — punycode for an internationalised name), and a note when the
// name was not ASCII, stronger when one label mixes alphabets (the usual look-alike trick: a Cyrillic "а" in
// "аpple.com").

/** Scripts a host label may mix without suspicion (Japanese mixes Han and kana; Korean Han and Hangul). */
const COMPATIBLE = [
  ['Han', 'Hiragana', 'Katakana'],
  ['Han', 'Hangul'],
];
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Thai',
  'Devanagari',
  'Georgian',
  'Cherokee',
] as const;
const PATTERNS = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);

/** The scripts of the letters in one label (digits, hyphens and marks belong to none). */
function scriptsOf(label: string): Set<string> {
  const found = new Set<string>();
  for (const ch of label) {
    if (!/\p{L}/u.test(ch)) continue;
    const match = PATTERNS.find(([, pattern]) => pattern.test(ch));
    found.add(match ? match[0] : 'Other');
  }
  return found;
}

/** True when some label of `host` (Unicode form) mixes scripts that no language mixes. */
export function isMixedScriptHost(host: string): boolean {
  return host.split('.').some((label) => {
    const scripts = [...scriptsOf(label)];
    if (scripts.length < 2) return false;
    return !COMPATIBLE.some((group) => scripts.every((s) => group.includes(s)));
  });
}

/** What the dialog shows for an address. */
export interface UrlDisplay {
  /** The one form shown everywhere (ASCII host). */
  href: string;
  /** The host in that form. */
  host: string;
  /** 'idn': the name was not ASCII; 'mixed': a label mixes alphabets; undefined: plain ASCII. */
  note?: 'idn' | 'mixed';
}

/** The canonical display of an absolute URL, or undefined when it does not parse. */
export function displayUrl(raw: string): UrlDisplay | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(raw.trim())?.[1] ?? '';
  const rawHost = authority.replace(/^.*@/, '').replace(/:\d*$/, '');
  // eslint-disable-next-line no-control-regex -- ASCII is the point
  const ascii = /^[\u0000-\u007f]*$/.test(rawHost) && !/(^|\.)xn--/i.test(url.hostname);
  const unicodeHost = safeDecode(rawHost);
  const note = ascii ? undefined : isMixedScriptHost(unicodeHost) ? 'mixed' : 'idn';
  return { href: url.href, host: url.host, ...(note ? { note } : {}) };
}

function safeDecode(host: string): string {
  try {
    return decodeURIComponent(host).toLowerCase();
  } catch {
    return host.toLowerCase();
  }
}

/**
 * `text` (a server's reason) with every http(s) address whose host is not ASCII replaced by its canonical form,
 * so a look-alike name in the reason reads as it does on the dialog's address line.
 */
export function canonicalUrlsIn(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s<>"'`]+/giu, (found) => {
    const shown = displayUrl(found);
    return shown?.note ? shown.href : found;
  });
}
