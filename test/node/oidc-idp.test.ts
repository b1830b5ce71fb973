// The test OpenID provider (test/support/oidc-idp.ts) end to end without the gateway: a tiny relying party
// built on openid-client signs people in through it (authorization code + PKCE) and out again.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import * as client from 'openid-client';
import { signInHeadless, signOutHeadless } from '../support/headless-signin.js';
import { DEFAULT_PEOPLE, IDP_SCOPE, startIdp, type Idp } from '../support/oidc-idp.js';

const bob = DEFAULT_PEOPLE.find((p) => p.sub === 'bob')!;

interface Rp {
  origin: string;
  /** Errors the callback met (the test reads them). */
  errors: unknown[];
  /** The last tokens the callback got. */
  tokens?: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
  config: client.Configuration;
  close(): Promise<void>;
}

/** A relying party on 127.0.0.1:`port`: /login sends to the IdP, /cb exchanges the code. */
async function startRp(
  server: Server,
  port: number,
  idp: Idp,
  clientSecret: string,
  auth?: client.ClientAuth,
): Promise<Rp> {
  // A string as metadata is the client secret; openid-client then uses client_secret_post unless `auth` says.
  const config = await client.discovery(new URL(idp.issuer), idp.clientId, clientSecret, auth, {
    execute: [client.allowInsecureRequests],
  });
  const origin = `http://127.0.0.1:${port}`;
  const pending = new Map<string, string>();
  const rp: Rp = {
    origin,
    errors: [],
    config,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    void (async () => {
      if (url.pathname === '/login') {
        const verifier = client.randomPKCECodeVerifier();
        const state = client.randomState();
        pending.set(state, verifier);
        const target = client.buildAuthorizationUrl(config, {
          redirect_uri: `${origin}/cb`,
          scope: IDP_SCOPE,
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
        });
        res.writeHead(302, { Location: target.href }).end();
      } else if (url.pathname === '/cb') {
        const state = url.searchParams.get('state') ?? '';
        try {
          const tokens = await client.authorizationCodeGrant(config, url, {
            pkceCodeVerifier: pending.get(state),
            expectedState: state,
          });
          rp.tokens = tokens;
          const claims = tokens.claims()!;
          const groups = (claims.groups as string[]).join(',');
          res
            .writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': `who=${claims.sub}|${groups}; Path=/` })
            .end(JSON.stringify(claims));
        } catch (error) {
          rp.errors.push(error);
          res.writeHead(502, { 'Content-Type': 'text/plain' }).end(String(error));
        }
      } else if (url.pathname === '/bye') {
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('signed out');
      } else res.writeHead(404).end();
    })();
  });
  return rp;
}

/** Listens first (the IdP must know the redirect URI), then makes the RP. */
async function listen(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('test OpenID provider (oidc-provider) with an openid-client relying party', () => {
  let idp: Idp;
  let rp: Rp;
  let badRp: Rp;
  let basicRp: Rp;

  before(async () => {
    const good = await listen();
    const bad = await listen();
    const basic = await listen();
    idp = await startIdp({
      redirectUris: [good, bad, basic].map(({ port }) => `http://127.0.0.1:${port}/cb`),
      postLogoutRedirectUris: [`http://127.0.0.1:${good.port}/bye`],
    });
    rp = await startRp(good.server, good.port, idp, idp.clientSecret);
    badRp = await startRp(bad.server, bad.port, idp, 'not-the-secret');
    basicRp = await startRp(
      basic.server,
      basic.port,
      idp,
      idp.clientSecret,
      client.ClientSecretBasic(idp.clientSecret),
    );
  });

  after(async () => {
    await rp?.close();
    await badRp?.close();
    await basicRp?.close();
    await idp?.stop();
  });

  it('publishes the groups scope and claim, PKCE S256 and an end_session endpoint', () => {
    const metadata = rp.config.serverMetadata();
    assert.equal(metadata.issuer, idp.issuer);
    assert.ok(metadata.scopes_supported?.includes('groups'));
    assert.ok(metadata.claims_supported?.includes('groups'));
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    assert.equal(metadata.end_session_endpoint, `${idp.issuer}/session/end`);
  });

  it('signs bob in: the ID token carries sub, email, name and groups, and the RP sets its cookie', async () => {
    const { url, response, gatewayCookies } = await signInHeadless(`${rp.origin}/login`, bob);
    assert.equal(response.status, 200, await response.clone().text());
    assert.match(url, new RegExp(`^${rp.origin}/cb\\?`));
    const claims = (await response.json()) as Record<string, unknown>;
    assert.equal(claims.iss, idp.issuer);
    assert.equal(claims.sub, 'bob');
    assert.equal(claims.email, 'bob@example.test');
    assert.equal(claims.email_verified, true);
    assert.equal(claims.name, bob.name);
    assert.deepEqual(claims.groups, ['eng']);
    assert.equal(gatewayCookies.get('who'), 'bob|eng');
    assert.deepEqual(rp.errors, []);

    const userinfo = await client.fetchUserInfo(rp.config, rp.tokens!.access_token, 'bob');
    assert.deepEqual(userinfo.groups, ['eng']);
    assert.equal(userinfo.email, 'bob@example.test');
  });

  it('stopAt ends the walk before the callback is requested', async () => {
    const { url, response } = await signInHeadless(`${rp.origin}/login`, DEFAULT_PEOPLE[0], {
      stopAt: (next) => next.pathname === '/cb',
    });
    assert.equal(new URL(url).pathname, '/cb');
    assert.ok(new URL(url).searchParams.get('code'));
    assert.equal(new URL(url).searchParams.get('iss'), idp.issuer);
    assert.equal(response.status, 303);
  });

  it('accepts client_secret_basic as well as client_secret_post', async () => {
    const { response, gatewayCookies } = await signInHeadless(`${basicRp.origin}/login`, DEFAULT_PEOPLE[2]);
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(gatewayCookies.get('who'), 'cy|sales');
  });

  it('refuses a wrong password', async () => {
    await assert.rejects(
      signInHeadless(`${rp.origin}/login`, { ...bob, password: 'wrong' }),
      /refused the sign-in of bob/,
    );
  });

  it('requires PKCE from this confidential client', async () => {
    const target = client.buildAuthorizationUrl(rp.config, { redirect_uri: `${rp.origin}/cb`, scope: IDP_SCOPE });
    const response = await fetch(target, { redirect: 'manual' });
    const back = new URL(response.headers.get('location')!);
    assert.equal(back.origin + back.pathname, `${rp.origin}/cb`);
    assert.equal(back.searchParams.get('error'), 'invalid_request');
    assert.match(back.searchParams.get('error_description') ?? '', /PKCE/);
  });

  it('a wrong client secret makes the code exchange fail with invalid_client', async () => {
    const { response } = await signInHeadless(`${badRp.origin}/login`, bob);
    assert.equal(response.status, 502);
    assert.equal(badRp.errors.length, 1);
    const error = badRp.errors[0] as client.ResponseBodyError;
    assert.ok(error instanceof client.ResponseBodyError, String(error));
    assert.equal(error.error, 'invalid_client');
    assert.equal(error.status, 401);
  });

  it('signs out through RP-initiated logout back to the post-logout redirect URI', async () => {
    const { jar, response } = await signInHeadless(`${rp.origin}/login`, bob);
    assert.equal(response.status, 200);
    const idToken = rp.tokens!.id_token!;
    const end = client.buildEndSessionUrl(rp.config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: `${rp.origin}/bye`,
      state: 'st',
    });
    const out = await signOutHeadless(end.href, jar);
    assert.equal(out.url, `${rp.origin}/bye?state=st`);
    assert.equal(await out.response.text(), 'signed out');
    // The IdP session is gone: signing in again shows the login form (a wrong password is refused).
    await assert.rejects(signInHeadless(`${rp.origin}/login`, { ...bob, password: 'x' }, { jar }), /refused/);
  });
});
