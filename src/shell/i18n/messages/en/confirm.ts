import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: the tool call confirmation dialog. */
export const confirm = {
  'confirm.title': 'Invoke tool: {server}:{tool}',
  'confirm.announce': 'Confirm tool call: {server}:{tool}',
  'confirm.server': 'Server',
  'confirm.serverValue': '{server} (MCP Server)',
  'confirm.requestedBy': 'Requested by',
  'confirm.toolTitle': 'Title',
  'confirm.arguments': 'Arguments:',
  'confirm.warning': 'This action will be performed on your behalf.',
  'confirm.cancel': 'Cancel',
  'confirm.confirm': 'Confirm',
  'confirm.caller.user': 'you, from the dashboard',
  'confirm.caller.widget': 'you, in widget {id}',
  'confirm.caller.app': 'the MCP App {id}',
  'confirm.caller.agent': 'the agent {id}',
  'confirm.continuePasskey': 'Continue with passkey',
  'confirm.withdrawn': 'The request to call {server}:{tool} was withdrawn: its caller went away.',
} satisfies Record<string, I18nMessage>;
