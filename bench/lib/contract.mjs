// The bench file contract (bench/README.md): one JSON object on the last line of stdout.
// `checkResult` is what the runner applies to every bench's output; `emit` is what a bench calls.

/** Problems with a bench's result object, as sentences (empty when it follows the contract). */
export function checkResult(result) {
  const problems = [];
  if (!result || typeof result !== 'object' || Array.isArray(result)) return ['the result is not a JSON object'];
  if (typeof result.bench !== 'string' || !result.bench) problems.push('"bench" must be a non-empty string');
  if (!Array.isArray(result.figures)) problems.push('"figures" must be an array');
  if (result.absent !== undefined && !Array.isArray(result.absent))
    problems.push('"absent" must be an array when present');
  for (const key of ['title', 'notes']) {
    if (result[key] !== undefined && typeof result[key] !== 'string')
      problems.push(`"${key}" must be a string when present`);
  }
  const ids = new Set();
  for (const [i, figure] of (Array.isArray(result.figures) ? result.figures : []).entries()) {
    const at = `figures[${i}]${figure && typeof figure.id === 'string' ? ` (${figure.id})` : ''}`;
    if (!figure || typeof figure !== 'object') {
      problems.push(`${at} is not an object`);
      continue;
    }
    if (typeof figure.id !== 'string' || !figure.id) problems.push(`${at}: "id" must be a non-empty string`);
    else if (ids.has(figure.id)) problems.push(`${at}: duplicate id`);
    else ids.add(figure.id);
    if (typeof figure.label !== 'string' || !figure.label) problems.push(`${at}: "label" must be a non-empty string`);
    if (typeof figure.value !== 'number' || !Number.isFinite(figure.value))
      problems.push(`${at}: "value" must be a finite number (no placeholders)`);
    if (typeof figure.unit !== 'string') problems.push(`${at}: "unit" must be a string`);
    if (figure.baseline !== undefined) {
      const b = figure.baseline;
      if (
        !b ||
        typeof b.label !== 'string' ||
        typeof b.value !== 'number' ||
        !Number.isFinite(b.value) ||
        typeof b.unit !== 'string'
      ) {
        problems.push(`${at}: "baseline" needs a label, a finite value and a unit`);
      }
    }
    if (figure.samples !== undefined && (!Number.isInteger(figure.samples) || figure.samples < 1))
      problems.push(`${at}: "samples" must be a positive integer`);
    if (figure.chart !== undefined && typeof figure.chart !== 'string')
      problems.push(`${at}: "chart" must be a string`);
  }
  if (result.errors !== undefined && !Array.isArray(result.errors))
    problems.push('"errors" must be an array when present');
  for (const [i, item] of (Array.isArray(result.errors) ? result.errors : []).entries()) {
    if (
      !item ||
      typeof item.id !== 'string' ||
      typeof item.label !== 'string' ||
      typeof item.reason !== 'string' ||
      !item.reason
    ) {
      problems.push(`errors[${i}] needs an id, a label and a reason (what went wrong in this run)`);
    }
  }
  for (const [i, item] of (Array.isArray(result.absent) ? result.absent : []).entries()) {
    if (
      !item ||
      typeof item.id !== 'string' ||
      typeof item.label !== 'string' ||
      typeof item.reason !== 'string' ||
      !item.reason
    ) {
      problems.push(`absent[${i}] needs an id, a label and a reason (which issue will add it)`);
    }
  }
  return problems;
}

/** Parses the last non-empty line of a bench's stdout. */
export function parseLastLine(stdout) {
  const lines = stdout
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) throw new Error('it printed nothing on stdout');
  try {
    return JSON.parse(lines.at(-1));
  } catch (error) {
    throw new Error(`its last stdout line is not JSON (${error.message})`, { cause: error });
  }
}

/** Prints progress to stderr (stdout is reserved for the result). */
export function log(...parts) {
  process.stderr.write(`${parts.join(' ')}\n`);
}

/** Checks and prints a bench's result as the last line of stdout; throws if it breaks the contract. */
export function emit(result) {
  const problems = checkResult(result);
  if (problems.length > 0) throw new Error(`bench result breaks the contract: ${problems.join('; ')}`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
