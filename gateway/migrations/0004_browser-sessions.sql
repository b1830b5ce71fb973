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

-- Sign-ins on their way (state → nonce, PKCE verifier, where to return): the provider may send the browser back
-- to another replica than the one that sent it. Taken once (DELETE … RETURNING); expired ones are removed.
CREATE TABLE oidc_pending (
  state text PRIMARY KEY,
  data jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE oidc_pending;
DROP TABLE browser_sessions;
