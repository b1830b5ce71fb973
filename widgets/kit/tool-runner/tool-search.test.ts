import { expect } from '@open-wc/testing';
import type { MCPTool } from '../../../src/core/shared/types.js';
import { ToolSearchIndex, filterTools, toolSearchText } from './tool-search.js';

const tools = (n: number): MCPTool[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `tool-${i}`,
    title: `Tool ${i}`,
    description: `Synthetic tool number ${i}`,
    inputSchema: { type: 'object' },
  }));

describe('tool search index', () => {
  it('finds by name, title and description, every word, case-insensitively', () => {
    const list: MCPTool[] = [
      { name: 'get_weather', title: 'Weather', description: 'Forecast for a City', inputSchema: { type: 'object' } },
      { name: 'echo', annotations: { title: 'Say it back' }, inputSchema: { type: 'object' } },
    ];
    const index = new ToolSearchIndex(list);
    expect(index.search('CITY forecast').map((t) => t.name)).to.deep.equal(['get_weather']);
    expect(index.search('say back').map((t) => t.name)).to.deep.equal(['echo']);
    expect(index.search('nothing like it')).to.deep.equal([]);
    expect(index.search('')).to.have.length(2);
  });

  it('gives the same results as a full scan while typing, erasing and replacing words', () => {
    const list = tools(300);
    const texts = list.map(toolSearchText);
    const index = new ToolSearchIndex(list);
    const steps = [
      'n',
      'nu',
      'num',
      'number 1',
      'number 12',
      'number 1',
      'number ',
      'tool 2',
      'tool 29',
      '29 tool',
      'x',
      '',
      'synthetic 7',
    ];
    for (const query of steps) {
      expect(
        index.search(query).map((t) => t.name),
        query,
      ).to.deep.equal(filterTools(list, texts, query).map((t) => t.name));
    }
  });

  it('returns the very same array when a keystroke does not change the matches', () => {
    const index = new ToolSearchIndex(tools(50));
    const first = index.search('tool');
    expect(index.search('tool ')).to.equal(first);
    expect(index.search('synthetic tool')).to.equal(first);
    expect(index.search('tool 4')).to.not.equal(first);
  });

  it('drops entries that are not tools and tolerates a list that is not an array', () => {
    expect(
      new ToolSearchIndex([null, 7, 'x', { name: 'ok', inputSchema: { type: 'object' } }]).search('ok'),
    ).to.have.length(1);
    expect(new ToolSearchIndex({ tools: [] }).search('')).to.deep.equal([]);
  });

  it('ranks the exact name first, then names starting with the query, names, titles, and descriptions', () => {
    const tool = (name: string, title: string, description: string): MCPTool => ({
      name,
      title,
      description,
      inputSchema: { type: 'object' },
    });
    const list = [
      tool('show-map', 'Show Map', 'Shows a map; geocode a place first'),
      tool('reverse-geocode', 'Place name', 'Names a point'),
      tool('locate', 'Geocode an address (fast)', 'Finds coordinates'),
      tool('geocode-batch', 'Many places', 'Finds coordinates'),
      tool('geocode', 'Geocode', 'Finds coordinates'),
    ];
    const names = ['geocode', 'geocode-batch', 'reverse-geocode', 'locate', 'show-map'];
    expect(new ToolSearchIndex(list).search('Geocode').map((t) => t.name)).to.deep.equal(names);
    expect(filterTools(list, list.map(toolSearchText), 'geocode').map((t) => t.name)).to.deep.equal(names);
    // Ties keep the server's order; an empty query is the list as the server gave it.
    expect(new ToolSearchIndex(list).search('finds').map((t) => t.name)).to.deep.equal([
      'locate',
      'geocode-batch',
      'geocode',
    ]);
    expect(new ToolSearchIndex(list).search('').map((t) => t.name)).to.deep.equal(list.map((t) => t.name));
  });
});
