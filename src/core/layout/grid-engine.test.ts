import { expect } from '@open-wc/testing';
import { compact, overlaps, placeTile, reflow } from './grid-engine.js';
import { defaultDashboard } from './default-layout.js';
import { validateLayoutFile } from '../shared/layout/layout-validate.js';
import type { Tile } from '../shared/layout/layout-types.js';

const t = (id: string, x: number, y: number, w: number, h: number): Tile => ({
  id,
  kind: 'status',
  server: id,
  x,
  y,
  w,
  h,
});
const noOverlap = (tiles: Tile[]) =>
  tiles.every((a, i) =>
    tiles.every((b, j) => i === j || !overlaps({ ...a, h: a.collapsed ? 1 : a.h }, { ...b, h: b.collapsed ? 1 : b.h })),
  );

describe('grid engine and layout files', () => {
  it('a moved tile pushes the tile it lands on down, and the rest float up', () => {
    const tiles = [t('a', 0, 0, 4, 2), t('b', 4, 0, 4, 2), t('c', 0, 2, 4, 2)];
    const moved = placeTile(tiles, 'c', { x: 4, y: 0 });
    const c = moved.find((x) => x.id === 'c')!;
    const b = moved.find((x) => x.id === 'b')!;
    expect([c.x, c.y]).to.deep.equal([4, 0]);
    expect(b.y).to.equal(2);
    expect(noOverlap(moved)).to.equal(true);
  });

  it('resizing past the edge is clamped; compaction closes gaps; collapsed tiles take one row', () => {
    const tiles = [t('a', 0, 0, 4, 2), t('b', 0, 5, 4, 2)];
    expect(compact(tiles).find((x) => x.id === 'b')!.y).to.equal(2);
    const wide = placeTile(tiles, 'a', { w: 40 });
    expect(wide[0]!.w).to.equal(12);
    const collapsed = compact([{ ...tiles[0]!, collapsed: true }, tiles[1]!]);
    expect(collapsed[1]!.y).to.equal(1);
  });

  it('reflows to fewer columns without overlaps, in reading order; one column stacks', () => {
    const layout = defaultDashboard(Array.from({ length: 9 }, (_, i) => ({ name: `s${i}` })));
    for (const columns of [6, 1]) {
      const flowed = reflow(layout.tiles, columns);
      expect(noOverlap(flowed), `${columns} columns`).to.equal(true);
      expect(flowed.every((x) => x.x + x.w <= columns)).to.equal(true);
    }
    const stacked = reflow(layout.tiles, 1);
    const order = [...stacked].sort((a, b) => a.y - b.y).map((x) => x.id);
    expect(order.slice(0, 2)).to.deep.equal(['status-s0', 'status-s1']);
  });

  it('the default dashboard: a row of status tiles for every server, then a panel per server, no overlaps', () => {
    const layout = defaultDashboard([{ name: 'a' }, { name: 'b', widget: 'tool-browser' }]);
    expect(layout.tiles.map((x) => [x.kind, x.server])).to.deep.equal([
      ['status', 'a'],
      ['status', 'b'],
      ['widget', 'a'],
      ['widget', 'b'],
    ]);
    expect((layout.tiles[3] as { widget: string }).widget).to.equal('tool-browser');
    expect(noOverlap(layout.tiles)).to.equal(true);
  });

  it('a layout file with mistakes is refused with the JSON path of each', () => {
    const bad = validateLayoutFile({
      version: 1,
      dashboards: [
        {
          id: 'ops',
          name: 'Ops',
          tiles: [
            { id: 'x', kind: 'widget', server: 'a', x: 0, y: 0, w: 13, h: 2 },
            { id: 'y', kind: 'gauge', server: 'a', x: 0, y: 0, w: 1, h: 1 },
          ],
        },
        { id: 'ops', name: '', tiles: [] },
      ],
    });
    expect(bad.ok).to.equal(false);
    const text = bad.ok ? '' : bad.problems.join('\n');
    expect(text).to.contain('at /dashboards/0/tiles/0: missing required key "widget"');
    expect(text).to.contain('at /dashboards/0/tiles/0/w:');
    expect(text).to.contain('at /dashboards/0/tiles/1/kind: must be one of "widget", "app", "status"');
    expect(text).to.contain('at /dashboards/1/name: must not be empty');
    const dup = validateLayoutFile({
      version: 1,
      dashboards: [
        { id: 'a', name: 'A', tiles: [] },
        { id: 'a', name: 'B', tiles: [] },
      ],
    });
    expect(dup.ok ? '' : dup.problems.join('\n')).to.contain(
      'at /dashboards/1/id: "a" is used by an earlier dashboard',
    );
    expect(validateLayoutFile({ version: 1, dashboards: [defaultDashboard([{ name: 'a' }])] }).ok).to.equal(true);
  });
});
