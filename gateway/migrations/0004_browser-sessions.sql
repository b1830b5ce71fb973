-- Up Migration
-- Team mode's browser sessions (docs/team.md, "Sign-in"), so a restart or another replica does not sign people
-- out. Kept by the SHA-256 digest of the cookie's secret (the secret is never stored); `data` is the session with
-- what the identity provider said of the person at sign-in (subject, email, name, groups) and the page token.
CREATE TABLE browser_sessions (
  digest text PRIMARY KEY,
  id text NOT NULL UNIQUE,
  sub text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX browser_sessions_sub ON browser_sessions (sub);

-- Down Migration
DROP TABLE browser_sessions;
