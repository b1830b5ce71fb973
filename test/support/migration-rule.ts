// The rule migrations keep so two versions can share one database during a rolling upgrade
// (docs/decisions/rolling-upgrades.md): a migration only adds. A statement that removes or renames something, or
// makes a column required that the previous version does not fill, is refused unless a marker comment right before
// it says the previous version already stopped using what it removes.

/** The marker a removing statement carries: `-- unused-since: <version>: <what the previous version stopped>`. */
export const UNUSED_SINCE_MARKER = /--\s*unused-since:\s*\S.*$/m;

/** One statement that breaks the rule, with the rule it breaks. */
export interface RuleBreak {
  statement: string;
  rule: string;
}

const RULES: { test: (sql: string) => boolean; rule: string }[] = [
  { test: (s) => /\bDROP\s+(TABLE|COLUMN|VIEW|TYPE|SCHEMA)\b/i.test(s), rule: 'drops a table or column' },
  {
    test: (s) => /\bALTER\s+TABLE\b[\s\S]*\bDROP\s+(?!COLUMN\b|CONSTRAINT\b|NOT\s+NULL\b|INDEX\b)"?\w/i.test(s),
    rule: 'drops a column',
  },
  { test: (s) => /\bRENAME\b/i.test(s), rule: 'renames a table or column' },
  { test: (s) => /\bSET\s+NOT\s+NULL\b/i.test(s), rule: 'makes an existing column NOT NULL' },
  {
    test: (s) =>
      /\bALTER\s+TABLE\b/i.test(s) &&
      s
        .split(/,(?![^(]*\))/)
        .some((part) => /\bADD\b/i.test(part) && /\bNOT\s+NULL\b/i.test(part) && !/\bDEFAULT\b/i.test(part)),
    rule: 'adds a NOT NULL column without a DEFAULT',
  },
];

/** The statements of a migration's up part that break the rule (the down part is never run on a shared database). */
export function ruleBreaks(sql: string): RuleBreak[] {
  const up = sql.split(/^--\s*Down Migration\b.*$/im)[0] ?? '';
  const breaks: RuleBreak[] = [];
  for (const raw of up.split(';')) {
    const marked = UNUSED_SINCE_MARKER.test(raw);
    const statement = raw
      .split('\n')
      .filter((line) => !/^\s*--/.test(line))
      .join('\n')
      .trim();
    if (!statement || marked) continue;
    for (const { test, rule } of RULES) {
      if (test(statement)) {
        breaks.push({ statement: statement.replace(/\s+/g, ' '), rule });
        break;
      }
    }
  }
  return breaks;
}
