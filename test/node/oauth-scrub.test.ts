import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrubSecrets } from '../../gateway/src/oauth/scrub.js';

// Unit tests of the filter every OAuth message passes through (gateway/src/oauth/scrub.ts); the flow
// test is in gateway-oauth.test.ts (a hostile authorization server echoing credentials).
test('known secrets (tokens, the client secret) are removed wherever they appear', () => {
  const out = scrubSecrets('HTTP 400: hello s3cr3t-client-value and at-abcdef123456', [
    's3cr3t-client-value',
    'at-abcdef123456',
    undefined,
    'abc',
  ]);
  assert.equal(out, 'HTTP 400: hello [redacted] and [redacted]');
});

test('credential-shaped text is removed: form and JSON fields, Authorization values, codes in URLs, JWTs', () => {
  const text = [
    'grant_type=refresh_token&refresh_token=rt-XYZ&client_secret=shh',
    '{"access_token":"at-1","token_type":"Bearer"}',
    'authorization: Basic Y2xpZW50OnNlY3JldA== and Bearer abc.def-ghi',
    'http://127.0.0.1:5/oauth/callback?code=thecode&state=s',
    'assertion eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJjbGllbnQifQ.c2lnbmF0dXJl',
  ].join('\n');
  const out = scrubSecrets(text);
  for (const secret of [
    'rt-XYZ',
    'shh',
    'at-1',
    'Y2xpZW50OnNlY3JldA==',
    'abc.def-ghi',
    'thecode',
    'eyJhbGciOiJSUzI1NiJ9',
  ])
    assert.ok(!out.includes(secret), `${secret} in ${out}`);
  assert.match(out, /grant_type=refresh_token/, 'what is not a credential stays readable');
  assert.match(out, /state=s/);
});

test("an authorization server's raw answer quoted by the SDK is not shown at all", () => {
  const out = scrubSecrets(
    'HTTP 500: Invalid OAuth error response: SyntaxError. Raw body: your token was at-unknown-shape',
  );
  assert.equal(out, 'HTTP 500: Invalid OAuth error response: SyntaxError. Raw body: [not shown]');
});
