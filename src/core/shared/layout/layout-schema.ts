import { GRID_COLUMNS } from './layout-types.js';

/** Server names as the config allows them (config-schema.ts's pattern). */
const NAME = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$';
const ID = '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$';

const place = {
  x: { type: 'integer', minimum: 0, maximum: GRID_COLUMNS - 1 },
  y: { type: 'integer', minimum: 0, maximum: 10_000 },
  w: { type: 'integer', minimum: 1, maximum: GRID_COLUMNS },
  h: { type: 'integer', minimum: 1, maximum: 60 },
} as const;
const common = { id: { type: 'string', pattern: ID }, collapsed: { type: 'boolean' }, ...place } as const;
const required = ['id', 'kind', 'server', 'x', 'y', 'w', 'h'] as const;

/**
 * JSON Schema (draft-07) of a layout file. Pure; the gateway checks team files with it at start-up
 * and the browser checks imported files with it (ajv, errors name the JSON path).
 */
export const layoutFileSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['version', 'dashboards'],
  properties: {
    $schema: { type: 'string' },
    version: { const: 1 },
    dashboards: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['id', 'name', 'tiles'],
        properties: {
          id: { type: 'string', pattern: ID },
          name: { type: 'string', minLength: 1, maxLength: 80 },
          tiles: {
            type: 'array',
            maxItems: 1000,
            items: {
              type: 'object',
              required: ['kind'],
              properties: { kind: { enum: ['widget', 'app', 'status'] } },
              allOf: [
                {
                  if: { properties: { kind: { const: 'widget' } } },
                  then: {
                    required: [...required, 'widget'],
                    properties: {
                      kind: { const: 'widget' },
                      server: { type: 'string', pattern: NAME },
                      widget: { type: 'string', minLength: 1, maxLength: 128 },
                      ...common,
                    },
                    additionalProperties: false,
                  },
                },
                {
                  if: { properties: { kind: { const: 'app' } } },
                  then: {
                    required: [...required, 'tool'],
                    properties: {
                      kind: { const: 'app' },
                      server: { type: 'string', pattern: NAME },
                      tool: { type: 'string', minLength: 1, maxLength: 256 },
                      args: { type: 'object' },
                      sized: { type: 'boolean' },
                      ...common,
                    },
                    additionalProperties: false,
                  },
                },
                {
                  if: { properties: { kind: { const: 'status' } } },
                  then: {
                    required: [...required],
                    properties: { kind: { const: 'status' }, server: { type: 'string', pattern: NAME }, ...common },
                    additionalProperties: false,
                  },
                },
              ],
            },
          },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;
