import { expect } from '@open-wc/testing';
import { EventBus } from '../services/event-bus.js';
import { TaskStore, isTerminal } from './task-store.js';

const wire = (taskId: string, status: string, extra: Record<string, unknown> = {}) => ({
  taskId,
  status,
  createdAt: '2026-01-01T00:00:00Z',
  lastUpdatedAt: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('TaskStore (host state for MCP tasks)', () => {
  it('records a task, follows its status and announces each change on the bus', () => {
    const bus = new EventBus();
    const events: Array<[string, string]> = [];
    bus.on('mcp:task:*', (d: { state: string }, meta) => events.push([meta.event, d.state]));
    const store = new TaskStore(bus);
    store.upsert('s', wire('t1', 'working', { statusMessage: 'Gathering' }), {
      side: 'server',
      operation: 'research',
      requestId: 'r1',
    });
    store.update('s', wire('t1', 'working', { statusMessage: 'Gathering' }));
    store.update('s', wire('t1', 'input_required', { statusMessage: 'Which one?' }));
    store.update('s', wire('t1', 'completed'));
    store.setResult('s', 't1', { content: [{ type: 'text', text: 'done' }] });
    expect(events).to.deep.equal([
      ['mcp:task:created', 'working'],
      ['mcp:task:status', 'input_required'],
      ['mcp:task:status', 'completed'],
      ['mcp:task:result', 'completed'],
    ]);
    const task = store.get('s', 't1')!;
    expect(task.requestId).to.equal('r1');
    expect(task.history.map((h) => h.state)).to.deep.equal(['working', 'input_required', 'completed']);
    expect(Object.isFrozen(task)).to.equal(true);
  });

  it('a finished task never changes state again; an unknown status keeps the current one', () => {
    const store = new TaskStore(new EventBus());
    store.upsert('s', wire('t', 'working'), { side: 'server', operation: 'x' });
    store.update('s', wire('t', 'no-such-status', { statusMessage: 'odd' }));
    expect(store.get('s', 't')!.state).to.equal('working');
    store.update('s', wire('t', 'cancelled'));
    store.update('s', wire('t', 'completed'));
    expect(store.get('s', 't')!.state).to.equal('cancelled');
    expect(isTerminal('cancelled') && isTerminal('failed') && !isTerminal('input_required')).to.equal(true);
  });

  it('a status notification that arrives before the creation result is applied when the task is recorded', () => {
    const store = new TaskStore(new EventBus());
    expect(
      store.update(
        's',
        wire('early', 'working', { statusMessage: 'Analyzing', lastUpdatedAt: '2026-01-01T00:00:02Z' }),
      ),
    ).to.equal(undefined);
    const task = store.upsert(
      's',
      wire('early', 'working', { statusMessage: 'Gathering', lastUpdatedAt: '2026-01-01T00:00:01Z' }),
      { side: 'server', operation: 'research' },
    );
    expect(task.statusMessage).to.equal('Analyzing');
  });

  it('setError marks a running task failed, keeps a finished one as it was, and cuts long server text', () => {
    const store = new TaskStore(new EventBus());
    store.upsert('s', wire('a', 'working'), { side: 'server', operation: 'x' });
    store.upsert('s', wire('b', 'completed'), { side: 'server', operation: 'x' });
    store.setError('s', 'a', { message: 'x'.repeat(5000), code: -32603 });
    store.setError('s', 'b', { message: 'result could not be read' });
    expect(store.get('s', 'a')!.state).to.equal('failed');
    expect(store.get('s', 'a')!.error!.message.length).to.equal(2000);
    expect(store.get('s', 'b')!.state).to.equal('completed');
    expect(store.get('s', 'b')!.error!.message).to.equal('result could not be read');
  });

  it('nextChange wakes on the task\u2019s next change, or after the time given', async () => {
    const store = new TaskStore(new EventBus());
    store.upsert('s', wire('t', 'working'), { side: 'server', operation: 'x' });
    const started = Date.now();
    const woke = store.nextChange('s', 't', 5000);
    setTimeout(() => store.update('s', wire('t', 'completed')), 20);
    await woke;
    expect(Date.now() - started).to.be.below(2000);
    const timed = Date.now();
    await store.nextChange('s', 't', 30);
    expect(Date.now() - timed).to.be.at.least(25);
  });

  it('keeps at most 100 tasks per server, dropping the oldest finished ones first', () => {
    const store = new TaskStore(new EventBus());
    store.upsert('s', wire('running', 'working'), { side: 'server', operation: 'x' });
    for (let i = 0; i < 120; i += 1)
      store.upsert('s', wire(`done-${i}`, 'completed'), { side: 'server', operation: 'x' });
    const ids = store.list('s').map((t) => t.taskId);
    expect(ids).to.have.length(100);
    expect(ids).to.include('running');
    expect(ids[0]).to.equal('done-119');
    expect(ids).to.not.include('done-0');
  });
});
