/** Base styles for widgets: the host's own, so built-in and third-party widgets look alike. */
export { baseStyles } from '../../../theme/base-styles.js';
