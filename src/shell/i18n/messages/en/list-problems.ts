import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: the card’s warning about list entries it cannot use. */
export const listProblems = {
  'listProblems.warning': 'Warning:',
  'listProblems.intro': '{server} sent list entries the dashboard cannot use. The rest of the server works.',
  'listProblems.help': 'Tell whoever maintains this server; choose Refresh once it is fixed.',
  'listProblems.kind.tools': 'Tools',
  'listProblems.kind.resources': 'Resources',
  'listProblems.kind.resourceTemplates': 'Resource templates',
  'listProblems.kind.prompts': 'Prompts',
} satisfies Record<string, I18nMessage>;
