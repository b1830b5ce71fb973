import { palette as en } from './messages/en.js';
import { palette as ja } from './messages/ja.js';

/**
 * The command palette's and the wall screen's strings: not in the start-up bundle; the dashboard adds them to the
 * shell's catalogs (`addShellMessages`) when it loads either.
 */
export const PALETTE_CATALOGS = { en, ja };
