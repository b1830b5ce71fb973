import { expect } from '@open-wc/testing';
import { canRetry, failureKind } from './retry-advice.js';

describe('retry advice', () => {
  it('a refused statement is not worth retrying, whatever code it came with', () => {
    expect(canRetry(-32603, 'cannot execute DELETE in a read-only transaction')).to.equal(false);
    expect(failureKind(-32603, 'cannot execute DELETE in a read-only transaction')).to.equal('refused');
    expect(canRetry(-32099, 'quota of this key is used up')).to.equal(false);
  });

  it('lost connections, timeouts, overloads and 5xx on the way are', () => {
    expect(canRetry(-32000, 'The connection to the server was lost')).to.equal(true);
    expect(canRetry(-32001, 'Request timed out')).to.equal(true);
    expect(canRetry(-32603, 'connect ECONNREFUSED 127.0.0.1:5432')).to.equal(true);
    expect(canRetry(-32603, 'upstream answered HTTP 503 Service Unavailable')).to.equal(true);
    expect(canRetry(-32050, 'rate limit exceeded, retry later')).to.equal(true);
  });

  it('malformed requests and what the dashboard blocked never are', () => {
    for (const code of [-32700, -32600, -32601, -32602]) expect(failureKind(code, 'timeout')).to.equal('malformed');
    expect(failureKind(-32003, 'blocked')).to.equal('blocked');
    expect(canRetry(-32002, 'Resource not found')).to.equal(false);
  });
});
