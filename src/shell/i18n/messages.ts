import type { I18nCatalogs, I18nMessage } from '../../core/shared/types.js';
import { languageOf } from '../../core/services/i18n.js';
import { en } from './messages/en.js';

type Messages = Readonly<Record<string, I18nMessage>>;
const loaded: Record<string, Messages> = { en };

/**
 * The shell's strings in the languages loaded so far: English always; another language once
 * `loadShellLanguage` fetched it (each is its own chunk, so the first paint carries English only).
 */
export const SHELL_CATALOGS: I18nCatalogs = loaded;

/** Strings of parts that load later (the command palette), by language: added to a language when it loads too. */
const extras: Array<Record<string, Messages>> = [];

/** Adds the strings of a part that loads on first use (its own catalogs) to the shell's, now and in languages loaded later. */
export function addShellMessages(catalogs: Record<string, Messages>): void {
  if (extras.includes(catalogs)) return;
  extras.push(catalogs);
  for (const [language, messages] of Object.entries(catalogs))
    if (loaded[language]) loaded[language] = { ...loaded[language], ...messages };
}

const LOADERS: Record<string, () => Promise<Messages>> = {
  ja: () => import('./messages/ja.js').then((m) => m.ja),
};

/**
 * Loads the shell's strings for `locale`'s language if it ships them; resolves to that language's
 * catalogs (also added to SHELL_CATALOGS), or undefined for a language the shell does not ship.
 */
export async function loadShellLanguage(locale: string): Promise<I18nCatalogs | undefined> {
  const language = languageOf(locale);
  if (!loaded[language]) {
    const load = LOADERS[language];
    if (!load) return undefined;
    loaded[language] = Object.assign({}, await load(), ...extras.map((c) => c[language] ?? {}));
  }
  return { [language]: loaded[language]! };
}

/** Languages offered in the header, each named in itself. */
export const LANGUAGES: ReadonlyArray<{ locale: string; name: string }> = [
  { locale: 'en', name: 'English' },
  { locale: 'ja', name: '日本語' },
];
