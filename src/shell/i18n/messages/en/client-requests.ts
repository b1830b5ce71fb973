import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: the sampling and elicitation dialogs (requests from a server). */
export const clientRequests = {
  'role.user': 'user',
  'role.assistant': 'assistant',
  'dialog.decline': 'Decline',
  'sampling.announce': '{server} asks for an assistant message',
  'sampling.title': 'Write a reply for {server}',
  'sampling.whyServer':
    'The server "{server}" asks for a language-model reply. This dashboard has no model: you write the assistant message, and only what you send goes back.',
  'sampling.whyWidget':
    'The widget {id} asks for a language-model reply. This dashboard has no model: you write the assistant message, and only what you send goes back.',
  'sampling.whyApp':
    'The app {id} from the server "{server}" asks for a language-model reply. This dashboard has no model: you write the assistant message, and only what you send goes back to the app.',
  'sampling.systemPrompt': 'System prompt',
  'sampling.limit': 'Length limit',
  'sampling.tokens': { one: '{count} token', other: '{count} tokens' },
  'sampling.hints': 'Model hints',
  'sampling.conversation': 'Conversation',
  'sampling.conversationSoFar': 'Conversation so far',
  'sampling.reply': 'Assistant message',
  'sampling.empty': 'Write the assistant message, or choose Decline.',
  'sampling.send': 'Send reply',
  'elicit.announce': '{server} asks you for information',
  'elicit.title': '{server} asks for information',
  'elicit.onlyTo': 'What you send goes only to {server}. You can decline.',
  'elicit.send': 'Send',
} satisfies Record<string, I18nMessage>;
