import { test } from 'node:test';
import assert from 'node:assert/strict';
import { paletteEntries, searchPalette } from '../../src/shell/palette/palette-entries.js';

// The command palette's list and ranking (issue 28): what a person types finds the thing they mean first.
const entries = paletteEntries({
  servers: [{ name: 'everything' }, { name: 'maps' }],
  lists: (server) =>
    server === 'maps'
      ? {
          tools: [
            { name: 'show_map', title: 'Show Map', description: 'Shows a map; geocode first if you only have a name' },
            { name: 'geocode', title: 'Geocode', description: 'Turns a place name into coordinates' },
          ],
          resources: [{ uri: 'ui://maps/view.html', name: 'Map view' }],
          prompts: [],
        }
      : {
          tools: [{ name: 'echo', description: 'Echoes back the input' }],
          resources: [],
          prompts: [{ name: 'simple_prompt', description: 'A prompt without arguments' }],
        },
  savedCalls: [{ id: 'c1', name: 'Geocode Paris', serverName: 'maps', toolName: 'geocode' }],
  dashboards: [{ id: 'd1', name: 'Overview' }],
  settings: [{ name: 'audit', label: 'Audit log' }],
});

test('exact names first, then prefixes, then words, then descriptions; the list order within a rank', () => {
  assert.deepEqual(
    searchPalette(entries, 'geocode').map((e) => e.id),
    ['tool:maps:geocode', 'saved-call:maps:c1', 'tool:maps:show_map'],
  );
  assert.equal(searchPalette(entries, 'ECHO')[0]!.id, 'tool:everything:echo');
  assert.equal(searchPalette(entries, 'map view')[0]!.id, 'resource:maps:ui://maps/view.html');
  assert.deepEqual(
    searchPalette(entries, 'audit').map((e) => e.id),
    ['setting::audit'],
  );
});

test('every kind is listed with its server, and an empty query lists settings and dashboards first', () => {
  const kinds = new Set(entries.map((e) => e.kind));
  assert.deepEqual([...kinds].sort(), ['dashboard', 'prompt', 'resource', 'saved-call', 'server', 'setting', 'tool']);
  assert.deepEqual(
    searchPalette(entries, '  ')
      .slice(0, 2)
      .map((e) => e.kind),
    ['setting', 'dashboard'],
  );
  assert.equal(entries.find((e) => e.id === 'tool:maps:show_map')!.label, 'Show Map (show_map)');
  assert.equal(searchPalette(entries, 'no such thing').length, 0);
});

test('a wall-screen address: ?wall or ?kiosk, rotate in seconds (at least 5), scale in percent (100–300)', async () => {
  const { wallScreenFromUrl } = await import('../../src/shell/layout/wall-screen.js');
  assert.equal(wallScreenFromUrl('?token=x'), undefined);
  assert.deepEqual(wallScreenFromUrl('?wall'), {});
  assert.deepEqual(wallScreenFromUrl('?kiosk&rotate=60&scale=200'), { rotateSeconds: 60, scale: 200 });
  assert.deepEqual(wallScreenFromUrl('?wall=1&rotate=1&scale=900'), { rotateSeconds: 5, scale: 300 });
  assert.deepEqual(wallScreenFromUrl('?wall&rotate=soon&scale=-3'), {});
});
