import type { I18nMessage } from '../../../src/core/shared/types.js';

/** English strings of the kit for the agent features: offline results and queue, widget messages, agent actions. */
export const agentsEn = {
  'offline.queued':
    'Waiting to send: the server is unreachable. This call is number {position} in line and goes out once the server is back.',
  'offline.sendWhenOnline': 'Send when back online',
  'offline.sendWhenOnlineHint':
    'You confirm it now; it is sent, in order, as soon as the server is reachable again. Nothing else is sent.',
  'offline.conflict': 'The queued call failed when it was sent: {message}',
  'offline.retry': 'Send it again',
  'offline.discard': 'Discard',
  'offline.cachedLabel': 'Cached result',
  'offline.cached': 'Cached result, {age} old \u2014 the server could not be reached',
  'offline.cachedHint': '(kept from the call at {time}; nothing was sent now)',
  'messaging.fromExplorer': 'Resource from {source}:',
  'messaging.useIn': 'Use as "{field}"',
  'messaging.dismiss': 'Dismiss',
  'messaging.useInToolBrowser': 'Use in tool browser',
  'messaging.sent': 'Sent {uri} to the tool browser.',
  'messaging.notSent': 'Could not send it to the tool browser: {message}',
  'messaging.noStringField': 'The chosen tool has no text field to put it in.',
  'kind.agent': 'agent action',
  'kind.message': 'widget message',
  'activity.byAgent': 'Called by agent "{agent}"',
  'activity.agentStarted': 'Agent "{agent}" runs this action.',
  'activity.agentDone': 'Done for agent "{agent}".',
  'activity.agentFailed': 'Failed for agent "{agent}": {reason}',
  'activity.agentRefused': 'Refused to agent "{agent}": {reason}',
  'activity.messageDelivered': '"{type}", {bytes} bytes, delivered to {count}',
  'activity.messageRefused': 'Refused: {reason}',
} satisfies Record<string, I18nMessage>;
