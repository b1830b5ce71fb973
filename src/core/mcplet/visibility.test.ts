import { expect } from '@open-wc/testing';
import { toolVisibility, visibleToApp, visibleToModel } from './visibility.js';

describe('tool visibility (MCPlet §8, MCP Apps)', () => {
  it('defaults to model and app when nothing is declared', () => {
    expect(toolVisibility({})).to.deep.equal(['model', 'app']);
  });
  it('reads _meta.ui.visibility (app-only tools are hidden from the model)', () => {
    const tool = { _meta: { ui: { visibility: ['app'] } } };
    expect(visibleToApp(tool)).to.equal(true);
    expect(visibleToModel(tool)).to.equal(false);
  });
  it('reads _meta.visibility (model-only tools are refused to apps)', () => {
    const tool = { _meta: { visibility: ['model'] } };
    expect(visibleToApp(tool)).to.equal(false);
    expect(visibleToModel(tool)).to.equal(true);
  });
  it('when both are declared, a surface must be allowed by both', () => {
    expect(toolVisibility({ _meta: { visibility: ['model', 'app'], ui: { visibility: ['app'] } } })).to.deep.equal([
      'app',
    ]);
  });
  it('ignores unknown surface names', () => {
    expect(toolVisibility({ _meta: { visibility: ['admin', 'app'] } })).to.deep.equal(['app']);
  });
});
