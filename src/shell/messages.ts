import type { I18nCatalogs } from '../core/types.js';
import { en } from './messages/en.js';
import { ja } from './messages/ja.js';

/** The shell's strings in every language it ships. */
export const SHELL_CATALOGS: I18nCatalogs = { en, ja };

/** Languages offered in the header, each named in itself. */
export const LANGUAGES: ReadonlyArray<{ locale: string; name: string }> = [
  { locale: 'en', name: 'English' },
  { locale: 'ja', name: '日本語' },
];
