import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: the Appearance panel: mode, colour scheme, text size, motion. */
export const appearance = {
  'mode.light': 'Light',
  'mode.dark': 'Dark',
  'mode.high-contrast': 'High contrast',
  'mode.auto': 'Auto (follow the system)',
  'scheme.vibrant': 'Vibrant',
  'scheme.muted': 'Muted',
  'scheme.accessible': 'Accessible (7:1 contrast for text)',
  'size.small': 'Small',
  'size.medium': 'Medium (browser default)',
  'size.large': 'Large',
  'size.x-large': 'Extra large',
  'motion.system': 'Follow the system setting',
  'motion.reduce': 'Reduce motion',
  'panel.title': 'Appearance',
  'panel.opened': 'Appearance settings',
  'panel.mode': 'Mode',
  'panel.modeNow': 'In effect now: {mode}',
  'panel.scheme': 'Colour scheme',
  'panel.text': 'Text',
  'panel.textSize': 'Text size',
  'panel.screenReader': 'I use a screen reader',
  'panel.motion': 'Motion',
  'panel.close': 'Close',
} satisfies Record<string, I18nMessage>;
