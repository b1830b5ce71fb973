import { expect } from '@open-wc/testing';
import {
  allowedDisplayModes,
  fitDisplayMode,
  negotiateDisplayMode,
  resolveDisplayMode,
  toolDisplayMode,
  DISPLAY_MODES,
} from './display-mode.js';
import { modelVisibleTools } from './model-tools.js';
import type { MCPServerInfo } from '../shared/types.js';

describe('MCPlet §11 display mode', () => {
  it('MCPlet-11.2 step 1: a concrete tool mode wins over everything', () => {
    expect(resolveDisplayMode({ toolMode: 'pip', llmSuggestion: 'inline', hostDefault: 'fullscreen' })).to.deep.equal({
      mode: 'pip',
      source: 'tool',
    });
  });

  it('MCPlet-11.2 step 2: an llm-* tool mode takes a valid LLM suggestion', () => {
    expect(
      resolveDisplayMode({ toolMode: 'llm-inline', llmSuggestion: 'fullscreen', hostDefault: 'pip' }),
    ).to.deep.equal({ mode: 'fullscreen', source: 'llm-suggestion' });
  });

  it('MCPlet-11.2 step 3: an llm-* tool mode without a valid suggestion falls back to its own mode', () => {
    expect(resolveDisplayMode({ toolMode: 'llm-pip', llmSuggestion: 'sideways' })).to.deep.equal({
      mode: 'pip',
      source: 'llm-fallback',
    });
    expect(resolveDisplayMode({ toolMode: 'llm-fullscreen' })).to.deep.equal({
      mode: 'fullscreen',
      source: 'llm-fallback',
    });
  });

  it('MCPlet-11.2 step 4: without a tool mode the host default applies', () => {
    expect(resolveDisplayMode({ hostDefault: 'inline', llmSuggestion: 'pip' })).to.deep.equal({
      mode: 'inline',
      source: 'host-default',
    });
    expect(resolveDisplayMode({ toolMode: 'huge', hostDefault: 'inline' })).to.deep.equal({
      mode: 'inline',
      source: 'host-default',
    });
  });

  it('MCPlet-11.2 step 5: the hard fallback is fullscreen', () => {
    expect(resolveDisplayMode({})).to.deep.equal({ mode: 'fullscreen', source: 'hard-fallback' });
    expect(resolveDisplayMode({ toolMode: 'llm-sideways', hostDefault: 42 })).to.deep.equal({
      mode: 'fullscreen',
      source: 'hard-fallback',
    });
  });

  it('MCPlet-11.3 results are MCP Apps modes; _meta.ui.displayMode is read from the tool', () => {
    for (const toolMode of ['inline', 'fullscreen', 'pip', 'llm-inline', 'llm-fullscreen', 'llm-pip', undefined]) {
      expect(DISPLAY_MODES).to.include(resolveDisplayMode({ toolMode }).mode);
    }
    expect(toolDisplayMode({ _meta: { ui: { displayMode: 'llm-pip' } } })).to.equal('llm-pip');
    expect(toolDisplayMode({ _meta: { ui: { displayMode: 'llm-x' } } })).to.equal(undefined);
    expect(toolDisplayMode({ _meta: { ui: 'pip' } })).to.equal(undefined);
  });

  it('MCP Apps "Display Modes": a request is granted only for modes the app declared and the host offers; otherwise the current mode stays', () => {
    expect(negotiateDisplayMode('fullscreen', 'inline', DISPLAY_MODES, ['inline', 'fullscreen'])).to.equal(
      'fullscreen',
    );
    expect(negotiateDisplayMode('pip', 'inline', DISPLAY_MODES, ['inline', 'fullscreen'])).to.equal('inline');
    expect(negotiateDisplayMode('pip', 'inline', DISPLAY_MODES, undefined)).to.equal('pip');
    expect(negotiateDisplayMode('pip', 'inline', ['inline'], undefined)).to.equal('inline');
    expect(negotiateDisplayMode('theatre', 'fullscreen', DISPLAY_MODES, undefined)).to.equal('fullscreen');
    expect(allowedDisplayModes(DISPLAY_MODES, ['pip', 'unknown'])).to.deep.equal(['pip']);
    expect(fitDisplayMode('fullscreen', DISPLAY_MODES, ['inline'])).to.equal('inline');
    expect(fitDisplayMode('inline', DISPLAY_MODES, ['pip'])).to.equal('pip');
    expect(fitDisplayMode('pip', DISPLAY_MODES, [])).to.equal('pip');
  });
});

describe('model/agent tool surface', () => {
  it('MCPlet-8.2 / MCP Apps "Visibility": app-only tools are hidden from the model tool list; others are listed per server', () => {
    const info = (serverName: string, tools: MCPServerInfo['tools']): MCPServerInfo => ({
      serverName,
      transport: 'stdio',
      protocolVersion: 'x',
      capabilities: {},
      tools,
      resources: [],
      prompts: [],
    });
    const list = modelVisibleTools([
      info('a', [
        { name: 'plain', description: 'd', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
        { name: 'app-only', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['app'] } } },
        { name: 'mcplet-app-only', inputSchema: { type: 'object' }, _meta: { visibility: ['app'] } },
        { name: 'model-only', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } },
      ]),
      info('b', [{ name: 'plain', inputSchema: { type: 'object' } }]),
    ]);
    expect(list.map((t) => t.name)).to.deep.equal(['a__plain', 'a__model-only', 'b__plain']);
    expect(list[0]).to.deep.include({
      serverName: 'a',
      toolName: 'plain',
      description: 'd',
      annotations: { readOnlyHint: true },
    });
  });
});
