import Ajv from 'ajv';
import { describeBrandErrors } from '../brand/brand-schema.js';
import { layoutFileSchema } from './layout-schema.js';
import { GRID_COLUMNS, type LayoutFile } from './layout-types.js';

let compiled: ReturnType<Ajv['compile']> | undefined;

/** A checked layout file, or one readable line per problem, each naming the place in the file. */
export type LayoutValidation = { ok: true; layout: LayoutFile } | { ok: false; problems: string[] };

/**
 * Checks a parsed layout file (export/import, team files): the schema with ajv (errors name the JSON
 * path, e.g. `at /dashboards/0/tiles/3/w: must be <= 12`), then what a schema cannot say: ids unique,
 * tiles within the 12 columns. Whether the servers and widgets it names exist is not checked here: a
 * tile naming a missing one is shown as a placeholder saying so, and nothing else breaks.
 */
export function validateLayoutFile(value: unknown): LayoutValidation {
  compiled ??= new Ajv({ allErrors: true, strict: false }).compile(layoutFileSchema);
  if (!compiled(value)) {
    // `if/then` adds a generic "must match then schema" line beside the real one; the real one is enough.
    const errors = (compiled.errors ?? []).filter((e) => e.keyword !== 'if');
    return { ok: false, problems: [...new Set(describeBrandErrors(errors))] };
  }
  const file = value as LayoutFile;
  const problems: string[] = [];
  const dashboards = new Set<string>();
  file.dashboards.forEach((dashboard, d) => {
    if (dashboards.has(dashboard.id))
      problems.push(`at /dashboards/${d}/id: "${dashboard.id}" is used by an earlier dashboard; ids must be unique`);
    dashboards.add(dashboard.id);
    const tiles = new Set<string>();
    dashboard.tiles.forEach((tile, t) => {
      if (tiles.has(tile.id))
        problems.push(
          `at /dashboards/${d}/tiles/${t}/id: "${tile.id}" is used by an earlier tile of this dashboard; ids must be unique`,
        );
      tiles.add(tile.id);
      if (tile.x + tile.w > GRID_COLUMNS)
        problems.push(
          `at /dashboards/${d}/tiles/${t}: x + w is ${tile.x + tile.w}, wider than the ${GRID_COLUMNS} columns of the grid`,
        );
    });
  });
  return problems.length ? { ok: false, problems } : { ok: true, layout: file };
}
