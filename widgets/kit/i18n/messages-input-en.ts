import type { I18nMessage } from '../../../src/core/shared/types.js';

/** English strings of the widget kit: forms that take real input, and saving a call. */
export const inputEn = {
  'form.expand': 'Several lines',
  'form.expandLabel': 'Edit {label} on several lines',
  'form.keysHint': 'Enter adds a line; Ctrl+Enter (\u2318+Enter on a Mac) submits.',
  'form.cannotShow':
    'This value is {actual}, but the schema expects {expected}, so it is shown as JSON. Change it here, or in the JSON view.',
  'form.type.string': 'text',
  'form.type.number': 'a number',
  'form.type.integer': 'a whole number',
  'form.type.boolean': 'true or false',
  'form.type.object': 'an object',
  'form.type.array': 'a list',
  'form.type.null': 'null',
  'form.type.enum': 'one of the listed options',
  'form.type.const': 'the fixed value',
  'runner.save': 'Save call',
  'runner.saveHint':
    'Keeps this server, tool and these arguments under a name, to run again later (Saved calls in the header).',
} satisfies Record<string, I18nMessage>;
