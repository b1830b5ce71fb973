-- Up Migration
-- What follows a person in team mode (docs/team.md, "What follows you"): their preferences and layouts, one row
-- per key. `sub` is the identity provider's subject; values are the page's JSON as written.
CREATE TABLE person_state (
  sub text NOT NULL,
  key text NOT NULL,
  value json NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sub, key)
);
