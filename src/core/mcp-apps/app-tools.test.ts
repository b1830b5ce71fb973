import { expect } from '@open-wc/testing';
import { appToolCallName, appToolsFrom, MAX_APP_TOOLS } from './app-tools.js';

describe('app-provided tools: what the host takes of an app’s tools/list', () => {
  it('keeps well-named tools once each, drops the app’s annotations and _meta, and gives every tool an object schema', () => {
    const tools = appToolsFrom({
      tools: [
        {
          name: 'set_color',
          title: 'Set colour',
          description: 'Paints.',
          annotations: { readOnlyHint: true },
          _meta: { mcpletType: 'read', ui: { visibility: ['app'] } },
          inputSchema: { type: 'object', properties: { color: { type: 'string' } } },
        },
        { name: 'set_color', description: 'a second of the same name' },
        { name: 'has.dot', inputSchema: { type: 'object' } },
        { name: 'spaced name', inputSchema: { type: 'object' } },
        { name: 'x'.repeat(65), inputSchema: { type: 'object' } },
        { name: 7 },
        { name: 'no_schema', inputSchema: { type: 'string' } },
        null,
      ],
    });
    expect(tools).to.deep.equal([
      {
        name: 'set_color',
        title: 'Set colour',
        description: 'Paints.',
        inputSchema: { type: 'object', properties: { color: { type: 'string' } } },
      },
      { name: 'no_schema', inputSchema: { type: 'object' } },
    ]);
  });

  it(`lists at most ${MAX_APP_TOOLS} tools and cuts long texts; anything that is not a list gives none`, () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `t${i}`, description: 'd'.repeat(1000) }));
    const tools = appToolsFrom({ tools: many });
    expect(tools).to.have.length(MAX_APP_TOOLS);
    expect(tools[0]!.description).to.have.length(300);
    expect(appToolsFrom({ tools: 'all' })).to.deep.equal([]);
    expect(appToolsFrom(undefined)).to.deep.equal([]);
  });

  it('decides an app’s tool under app.<name>, which no well-named app tool can spell itself', () => {
    expect(appToolCallName('set_color')).to.equal('app.set_color');
    expect(appToolsFrom({ tools: [{ name: 'app.set_color' }] })).to.deep.equal([]);
  });
});
