// Every migration in gateway/migrations/ only adds (docs/decisions/rolling-upgrades.md), so the previous version of
// the gateway keeps working on a database the next version has migrated, and a rolling upgrade never stops the
// service. A statement that removes something carries the `-- unused-since:` marker naming the release that stopped
// using it.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { ruleBreaks } from '../support/migration-rule.js';

const DIR = join(import.meta.dirname, '..', '..', 'gateway', 'migrations');

test('every migration keeps the previous version working: no drop, rename, SET NOT NULL or NOT NULL column without DEFAULT', async () => {
  const files = (await readdir(DIR)).filter((f) => f.endsWith('.sql')).sort();
  assert.ok(files.length >= 4, `the migrations are found in ${DIR}`);
  const problems: string[] = [];
  for (const file of files) {
    for (const { statement, rule } of ruleBreaks(await readFile(join(DIR, file), 'utf8'))) {
      problems.push(
        `gateway/migrations/${file} ${rule}: "${statement}". A migration must keep the previous version working ` +
          '(docs/decisions/rolling-upgrades.md): stop using it in one release, remove it in the next with ' +
          "'-- unused-since: <release>: <what>' on the line before the statement.",
      );
    }
  }
  assert.deepEqual(problems, []);
});

test('the rule check refuses each breaking statement and accepts additions and marked removals', () => {
  const refused = [
    'DROP TABLE person_state;',
    'ALTER TABLE person_state DROP COLUMN value;',
    'ALTER TABLE person_state DROP value;',
    'ALTER TABLE person_state RENAME COLUMN value TO data;',
    'ALTER TABLE person_state RENAME TO people;',
    'ALTER TABLE person_state ALTER COLUMN key SET NOT NULL;',
    'ALTER TABLE person_state ADD COLUMN kind text NOT NULL;',
    'ALTER TABLE person_state ADD COLUMN a int, ADD COLUMN kind text NOT NULL;',
  ];
  for (const sql of refused) assert.equal(ruleBreaks(`-- Up Migration\n${sql}`).length, 1, sql);
  const accepted = [
    'CREATE TABLE t (a text NOT NULL, b int NOT NULL DEFAULT 0);',
    'CREATE INDEX t_a ON t (a);',
    'ALTER TABLE person_state ADD COLUMN kind text;',
    "ALTER TABLE person_state ADD COLUMN kind text NOT NULL DEFAULT 'layout';",
    'ALTER TABLE person_state ALTER COLUMN key DROP NOT NULL;',
    '-- unused-since: 0.9: person_state.value is read from data since 0.8\nALTER TABLE person_state DROP COLUMN value;',
    '-- Down Migration\nDROP TABLE t;',
  ];
  for (const sql of accepted) assert.deepEqual(ruleBreaks(`-- Up Migration\n${sql}`), [], sql);
});
