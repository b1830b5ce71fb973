import { brand as en } from '../i18n/messages/en/brand.js';
import { brand as ja } from '../i18n/messages/ja/brand.js';

/**
 * The brand editor's strings: not in the start-up bundle (it has a byte budget); the editor, and the widget store
 * which ends a failed install with the same "Nothing was changed.", add them to the shell's catalogs when they load.
 */
export const BRAND_CATALOGS = { en, ja };
