import { expect } from '@open-wc/testing';
import { EventBus, ScopedEventBus } from '../services/event-bus.js';
import { ActivityHistory } from './activity-history.js';

describe('ActivityHistory (history in the host)', () => {
  it("keeps each server's calls with who asked, newest first", () => {
    const bus = new EventBus();
    const history = new ActivityHistory(bus);
    history.start();
    bus.emit('mcp:tool:calling', {
      serverName: 'a',
      toolName: 'echo',
      args: { m: 1 },
      caller: { surface: 'widget', id: 'server-panel:a' },
    });
    bus.emit('mcp:tool:result', {
      serverName: 'a',
      toolName: 'echo',
      args: { m: 1 },
      result: { content: [] },
      latency: 3,
      caller: { surface: 'app', id: 'app-1' },
    });
    bus.emit('mcp:resource:read', { serverName: 'b', uri: 'file:///x', contents: {} });
    const a = history.list('a');
    expect(a.map((e) => [e.kind, e.name, e.outcome])).to.deep.equal([
      ['tool', 'echo', 'ok'],
      ['tool', 'echo', 'started'],
    ]);
    expect(a[0]!.source).to.deep.equal({ surface: 'app', id: 'app-1' });
    expect(a[1]!.source).to.deep.equal({ surface: 'widget', id: 'server-panel:a' });
    expect(history.list('b')).to.have.length(1);
  });

  it('records kinds it does not know (a newer mcp:<kind>:<action> with a serverName) generically', () => {
    const bus = new EventBus();
    const history = new ActivityHistory(bus);
    history.start();
    bus.emit('mcp:task:created', { serverName: 'a', taskId: 't-1' });
    bus.emit('mcp:task:failed', { serverName: 'a', taskId: 't-1', error: { message: 'boom' } });
    bus.emit('mcp:tool:progress', { serverName: 'a', toolName: 'x', progress: 1 });
    bus.emit('mcp:host:notification', { serverName: 'a', title: 'not activity' });
    expect(history.list('a').map((e) => [e.kind, e.name, e.outcome, e.message ?? null])).to.deep.equal([
      ['task', 't-1', 'error', 'boom'],
      ['task', 't-1', 'started', null],
    ]);
  });

  it('a widget emitting a request is named as who asked', () => {
    const bus = new EventBus();
    const history = new ActivityHistory(bus);
    history.start();
    new ScopedEventBus(bus, 'tool-browser:a').emit('mcp:job:submitted', { serverName: 'a', name: 'long job' });
    expect(history.list('a')[0]!.source).to.deep.equal({ surface: 'widget', id: 'tool-browser:a' });
  });

  it("keeps at most the limit per server and a widget's view drops its subscriptions when disposed", () => {
    const bus = new EventBus();
    const history = new ActivityHistory(bus, { limit: 3 });
    history.start();
    for (let i = 0; i < 5; i++) bus.emit('mcp:prompt:result', { serverName: 'a', promptName: `p${i}`, messages: [] });
    expect(history.list('a').map((e) => e.name)).to.deep.equal(['p4', 'p3', 'p2']);
    const view = history.scoped();
    const seen: string[] = [];
    view.api.subscribe('a', (e) => seen.push(e.name));
    expect(view.size()).to.equal(1);
    bus.emit('mcp:prompt:result', { serverName: 'a', promptName: 'p5', messages: [] });
    view.dispose();
    expect(view.size()).to.equal(0);
    bus.emit('mcp:prompt:result', { serverName: 'a', promptName: 'p6', messages: [] });
    expect(seen).to.deep.equal(['p5']);
  });

  it('a task is named by its tool, worded by its state, and credited to whoever made the call', () => {
    const bus = new EventBus();
    const history = new ActivityHistory(bus);
    history.start();
    bus.emit('mcp:tool:calling', {
      serverName: 'a',
      toolName: 'long-job',
      args: {},
      requestId: 'r-1',
      task: true,
      caller: { surface: 'app', id: 'view-7' },
    });
    const task = {
      serverName: 'a',
      taskId: 't-9',
      operation: 'long-job',
      requestId: 'r-1',
      state: 'working',
      statusMessage: 'half way',
      history: [],
    };
    bus.emit('mcp:task:created', { serverName: 'a', taskId: 't-9', requestId: 'r-1', task });
    bus.emit('mcp:task:result', {
      serverName: 'a',
      taskId: 't-9',
      requestId: 'r-1',
      task: { ...task, state: 'completed', statusMessage: undefined, result: { content: [] } },
    });
    bus.emit('mcp:task:error', {
      serverName: 'a',
      taskId: 't-9',
      requestId: 'r-2',
      task: { ...task, requestId: 'r-2', state: 'failed', error: { message: 'boom' } },
    });
    const [failed, done, created] = history.list('a');
    expect([created!.kind, created!.name, created!.outcome, created!.message]).to.deep.equal([
      'task',
      'long-job',
      'started',
      'Task t-9: working \u2014 half way',
    ]);
    expect(created!.source).to.deep.equal({ surface: 'app', id: 'view-7' });
    expect([done!.outcome, done!.response]).to.deep.equal(['ok', { content: [] }]);
    expect([failed!.outcome, failed!.message, failed!.source]).to.deep.equal([
      'error',
      'Task t-9: failed \u2014 boom',
      undefined,
    ]);
  });
});
