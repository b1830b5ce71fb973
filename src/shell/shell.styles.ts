import { baseStyles } from '../../theme/base-styles.js';

/** Shared shell styles (buttons, focus, text) — the same base the widget kit uses. */
export const shellStyles = [baseStyles];
