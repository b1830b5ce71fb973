-- Up Migration
-- The team audit log (docs/decisions/team-postgres-store.md): one row per record, in chain order. `record` is the
-- record exactly as the file store writes its line (json, not jsonb: it keeps the text as written and accepts
-- every string JSON.stringify writes, \u0000 included). `seq`, `prev` and `hash` repeat its chain fields as
-- columns so the database itself refuses a second record at the same place (primary key) or a fork of the chain
-- (two records linking to the same predecessor); the gateway checks that they match the record when it opens.
CREATE TABLE audit_records (
  seq bigint PRIMARY KEY CHECK (seq > 0),
  prev text NOT NULL UNIQUE,
  hash text NOT NULL UNIQUE,
  record json NOT NULL
);

COMMENT ON TABLE audit_records IS
  'mcp-dashboard team audit log: hash-chained records, appended only; verify with `mcp-dashboard audit verify <postgres-url>`';
