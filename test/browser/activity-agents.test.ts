import { expect } from '@open-wc/testing';
import { EventBus, ScopedEventBus } from '../../src/core/services/event-bus.js';
import { trackActivity, type ActivityEntry } from '../../widgets/kit/activity/activity.js';

// What the host logs about widget messages and agent actions is a server's activity: the host's
// history and the kit's tracker share the mapping; here it is followed through a widget's own scoped bus.
describe('Activity of widget messages and agents', () => {
  it('MCP-WP-6.5.4 every widget message of the server is a line (who, to whom, type, size; never the payload); refusals with the reason', () => {
    const host = new EventBus();
    const bus = new ScopedEventBus(host, 'activity-log:everything');
    const entries: ActivityEntry[] = [];
    const off = trackActivity(bus, 'everything', (e) => entries.push(e));
    host.emit('mcp:host:widget-message', {
      serverName: 'everything',
      from: 'resource-explorer:everything',
      to: 'tool-browser',
      type: 'resource-selected',
      bytes: 31,
      delivered: 1,
      outcome: 'delivered',
      caller: { surface: 'widget', id: 'resource-explorer:everything' },
    });
    host.emit('mcp:host:widget-message', {
      serverName: 'everything',
      from: 'server-panel:everything',
      to: 'tool-browser',
      type: 'x',
      outcome: 'refused',
      code: 'rate-limited',
      reason: 'more than 10 messages in one second',
      caller: { surface: 'widget', id: 'server-panel:everything' },
    });
    host.emit('mcp:host:widget-message', {
      serverName: 'other',
      from: 'tool-browser:other',
      to: '*',
      type: 'y',
      bytes: 2,
      delivered: 0,
      outcome: 'delivered',
    });
    off();
    host.emit('mcp:host:widget-message', {
      serverName: 'everything',
      from: 'a',
      to: 'b',
      type: 'late',
      bytes: 1,
      delivered: 1,
      outcome: 'delivered',
    });
    expect(entries.map((e) => [e.kind, e.name, e.outcome])).to.deep.equal([
      ['message', 'resource-explorer:everything \u2192 tool-browser', 'ok'],
      ['message', 'server-panel:everything \u2192 tool-browser', 'error'],
    ]);
    expect(entries[0]!.messageVars).to.deep.equal({ type: 'resource-selected', bytes: 31, count: 1 });
    expect(entries[1]!.message).to.equal('Refused: more than 10 messages in one second');
    expect(
      entries.map((e) => e.source?.id),
      'the sender the host stamped asked',
    ).to.deep.equal(['resource-explorer:everything', 'server-panel:everything']);
    bus.dispose();
  });

  it('agent actions are lines with their agent; a tool call for an agent is asked by the agent, a person\u2019s by the user', () => {
    const host = new EventBus();
    const entries: ActivityEntry[] = [];
    const off = trackActivity(host, 'everything', (e) => entries.push(e));
    const base = {
      serverName: 'everything',
      widgetId: 'server-panel:everything',
      action: 'invoke-tool',
      caller: { surface: 'agent', id: 'operator' },
      source: 'agent',
    };
    host.emit('mcp:agent:action-started', base);
    host.emit('mcp:tool:calling', {
      serverName: 'everything',
      toolName: 'echo',
      args: {},
      source: 'agent',
      caller: { surface: 'agent', id: 'operator' },
    });
    host.emit('mcp:tool:calling', {
      serverName: 'everything',
      toolName: 'echo',
      args: {},
      caller: { surface: 'user', id: 'host' },
    });
    host.emit('mcp:agent:action-error', { ...base, result: { success: false, error: { message: 'boom' } } });
    host.emit('mcp:agent:action-refused', {
      ...base,
      caller: { surface: 'agent', id: 'reader' },
      reason: 'read-only',
      code: 'not-granted',
    });
    off();
    expect(entries.map((e) => [e.kind, e.outcome, e.message, e.source?.surface, e.source?.id])).to.deep.equal([
      ['agent', 'started', 'Agent "operator" runs this action.', 'agent', 'operator'],
      ['tool', 'started', undefined, 'agent', 'operator'],
      ['tool', 'started', undefined, 'user', 'host'],
      ['agent', 'error', 'Failed for agent "operator": boom', 'agent', 'operator'],
      ['agent', 'error', 'Refused to agent "reader": read-only', 'agent', 'reader'],
    ]);
  });
});
