import { expect } from '@open-wc/testing';
import { deepText } from '../support/dom.js';
import { startGateway, stopGateway, type TestGateway } from '../support/gateway.js';
import { mountDashboard } from '../support/dashboard.js';

describe('explore', () => {
  let gateway: TestGateway;
  it('shows', async () => {
    gateway = await startGateway({ mcpServers: { malformed: { command: 'node', args: ['test/fixtures/malformed-lists-server.mjs'] } } });
    const dashboard = await mountDashboard(gateway);
    await new Promise((r) => setTimeout(r, 4000));
    console.log(deepText(dashboard).replace(/\s+/g, ' ').slice(0, 3000));
    dashboard.remove();
    await stopGateway(gateway);
    expect(1).to.equal(1);
  });
});
