import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: browser agents (WebMCP), agent actions, widget messages, offline queue. */
export const agents = {
  'agents.switch': 'Let browser agents use these tools',
  'agents.unavailable': 'This browser offers no WebMCP (Chrome: start it with --enable-features=WebMCP).',
  'agents.off': 'Off: no tools are offered to browser agents.',
  'agents.registered': {
    one: '{count} tool offered to agent "{agent}".',
    other: '{count} tools offered to agent "{agent}".',
  },
  'agents.notConfigured': 'The config has no entry "{agent}" in dashboard.agents, so tools in pools are not offered.',
  'agents.failed': {
    one: 'The browser refused {count} tool: {names}.',
    other: 'The browser refused {count} tools: {names}.',
  },
  'sampling.whyAgent':
    'The widget {id} asks for a language-model reply for agent "{agent}" (its prompt was written by the agent). This dashboard has no model: you write the assistant message, and only what you send goes back.',
  'audit.kind.agent-action': 'Agent action',
  'audit.kind.widget-message': 'Widget message',
  'offline.conflictTitle': 'A call queued for "{server}" failed when it was sent',
  'offline.conflictBody': '{name}: {message}. Open its widget to send it again or discard it.',
} satisfies Record<string, I18nMessage>;
