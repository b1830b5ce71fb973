import { expect } from '@open-wc/testing';
import { RetriesExhaustedError, withRetries } from './retry.js';

const serverError = () => Object.assign(new Error('busy'), { jsonrpcCode: -32001, guidance: 'Retry later.' });

describe('capped retries (MCP-WP-9.1.5, 9.1.6)', () => {
  it('MCP-WP-9.1.6 stops after the cap and surfaces the final error with guidance', async () => {
    let calls = 0;
    let caught: unknown;
    try {
      await withRetries(
        async () => {
          calls += 1;
          throw serverError();
        },
        { attempts: 3, baseDelayMs: 5 },
      );
    } catch (error) {
      caught = error;
    }
    expect(calls).to.equal(3);
    expect(caught).to.be.instanceOf(RetriesExhaustedError);
    expect((caught as Error).message).to.contain('tried 3 times');
    expect((caught as RetriesExhaustedError).guidance).to.equal('Retry later.');
  });
  it('MCP-WP-9.1.1 a transient failure recovers; an invalid-params error is not retried', async () => {
    let calls = 0;
    const value = await withRetries(
      async () => {
        calls += 1;
        if (calls < 2) throw serverError();
        return 'ok';
      },
      { baseDelayMs: 5 },
    );
    expect(value).to.equal('ok');
    let tries = 0;
    try {
      await withRetries(
        async () => {
          tries += 1;
          throw Object.assign(new Error('bad'), { jsonrpcCode: -32602 });
        },
        { baseDelayMs: 5 },
      );
    } catch {
      // expected
    }
    expect(tries).to.equal(1);
  });
});
