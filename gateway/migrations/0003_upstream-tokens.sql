-- Up Migration
-- Each person's sign-in to an OAuth-protected remote server in team mode (docs/team.md, "Upstream sign-in per
-- person"): the client registration and tokens as one AES-256-GCM record sealed with team.tokenKey for this
-- person (`sub`, the identity provider's subject) and this server; the gateway never stores them in the clear.
CREATE TABLE upstream_tokens (
  sub text NOT NULL,
  server text NOT NULL,
  iv bytea NOT NULL,
  ciphertext bytea NOT NULL,
  tag bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sub, server)
);
