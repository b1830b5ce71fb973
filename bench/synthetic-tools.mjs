// Deterministic synthetic MCP primitives: N tools, resources and prompts with realistic shapes.
const WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliet',
  'kilo',
  'lima',
];

/** `count` tools named tool-0…tool-N, with titles, descriptions and small nested schemas. */
export function syntheticTools(count) {
  return Array.from({ length: count }, (_, i) => ({
    name: `tool-${i}`,
    title: `Tool ${i} ${WORDS[i % WORDS.length]}`,
    description: `Synthetic tool number ${i}: ${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} operations on item ${i}.`,
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 0 },
        note: { type: 'string' },
        options: { type: 'object', properties: { dryRun: { type: 'boolean' } } },
      },
      required: ['id'],
    },
    annotations: i % 3 === 0 ? { readOnlyHint: true } : undefined,
  }));
}

/** `count` text resources. */
export function syntheticResources(count) {
  return Array.from({ length: count }, (_, i) => ({
    uri: `synthetic://resource/${i}`,
    name: `Resource ${i}`,
    mimeType: 'text/plain',
    size: 100 + i,
  }));
}

/** `count` prompts with one required argument. */
export function syntheticPrompts(count) {
  return Array.from({ length: count }, (_, i) => ({
    name: `prompt-${i}`,
    description: `Synthetic prompt ${i}`,
    arguments: [{ name: 'topic', required: true }],
  }));
}
