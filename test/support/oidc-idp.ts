// A real, certified OpenID provider (oidc-provider v9) on 127.0.0.1 for tests of the gateway's team mode.
// Signing in and out through it without a browser: headless-signin.ts.
//
// The provider runs with in-memory storage, a fresh RSA signing key and fresh cookie keys per start, one
// confidential client (client_secret_basic or client_secret_post, both accepted), PKCE required, the claims
// sub, email, email_verified, name and groups (scope `groups`), also carried in the ID token, and
// RP-initiated logout. Sign-in goes through this file's own login page (not oidc-provider's
// devInteractions), which checks the person's password; consent is granted without a page (first party).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface IdpPerson {
  sub: string;
  email: string;
  name: string;
  groups: string[];
  password: string;
}

export interface Idp {
  /** http://127.0.0.1:<port>, no trailing slash. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: IdpPerson[];
  stop(): Promise<void>;
}

/** ada (ops), bob (eng) and cy (sales, a group that is in no role). Sign in with the sub (or the email) and `pw-<sub>`. */
export const DEFAULT_PEOPLE: IdpPerson[] = [
  { sub: 'ada', email: 'ada@example.test', name: 'Ada Lovelace', groups: ['ops'], password: 'pw-ada' },
  { sub: 'bob', email: 'bob@example.test', name: 'Bob Builder', groups: ['eng'], password: 'pw-bob' },
  { sub: 'cy', email: 'cy@example.test', name: 'Cy Young', groups: ['sales'], password: 'pw-cy' },
];

/** The scope the relying party asks for to get every claim. */
export const IDP_SCOPE = 'openid email profile groups';

/** oidc-provider ships no types (DefinitelyTyped's are not installed): the part of it this file uses. */
interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<any>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object, options: object): Promise<void>;
  on(event: string, listener: (...args: any[]) => void): void;
  Grant: any;
}

// oidc-provider prints notices and warnings with console.info / console.warn ("oidc-provider WARNING: ...":
// "Unsupported runtime" on Node 20, the in-memory adapter, default helper functions called). While a
// provider loads or runs, those lines are dropped unless DEBUG_IDP is set.
let running = 0;
const { info, warn } = console;
const noise = (args: unknown[]) => typeof args[0] === 'string' && /oidc-provider (NOTICE|WARNING): /.test(args[0]);

function hush(on: boolean): void {
  if (process.env.DEBUG_IDP) return;
  running += on ? 1 : -1;
  console.info = running ? (...args: unknown[]) => void (noise(args) || info.apply(console, args)) : info;
  console.warn = running ? (...args: unknown[]) => void (noise(args) || warn.apply(console, args)) : warn;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function send(res: ServerResponse, status: number, title: string, body = ''): void {
  res
    .writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
    .end(
      `<!doctype html><html><head><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

function loginPage(res: ServerResponse, status: number, uid: string, login: string, problem = ''): void {
  send(
    res,
    status,
    'Sign in to the test IdP',
    `<p role="alert">${escapeHtml(problem)}</p><form method="post" action="/interaction/${escapeHtml(uid)}">` +
      `<input type="hidden" name="prompt" value="login"><input name="login" value="${escapeHtml(login)}">` +
      '<input type="password" name="password"><button type="submit">Sign in</button></form>',
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

/**
 * The interaction pages (oidc-provider's interactions.url points here). Login checks the person's password
 * (sub or email as the login). Consent, asked only when the RP sends prompt=consent (loadExistingGrant
 * grants the rest), is granted at once as oidc-provider's devInteractions would after "Continue".
 */
async function interaction(provider: OidcProvider, people: IdpPerson[], req: IncomingMessage, res: ServerResponse) {
  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch (error) {
    return send(res, 400, 'No sign-in in progress', `<p>${escapeHtml(String(error))}</p>`);
  }
  const { uid, prompt, params, grantId, session } = details;
  if (prompt.name === 'consent') {
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session?.accountId, clientId: params.client_id });
    if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
    if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
    const result = { consent: { grantId: await grant.save() } };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  }
  if (prompt.name !== 'login') return send(res, 501, `Prompt ${prompt.name} is not implemented`);
  if (req.method !== 'POST') return loginPage(res, 200, uid, String(params.login_hint ?? ''));
  const form = await readForm(req);
  const login = form.get('login') ?? '';
  const person = people.find((p) => p.sub === login || p.email === login);
  if (!person || person.password !== form.get('password'))
    return loginPage(res, 401, uid, login, 'Wrong login or password.');
  const result = { login: { accountId: person.sub } };
  return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
}

/** Starts the provider on 127.0.0.1 on a free port. */
export async function startIdp(options: {
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  people?: IdpPerson[];
  clientId?: string;
  clientSecret?: string;
}): Promise<Idp> {
  const people = options.people ?? DEFAULT_PEOPLE;
  const clientId = options.clientId ?? 'mcp-dashboard-test';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  hush(true);
  let handle = (_req: IncomingMessage, res: ServerResponse) => send(res, 503, 'Starting');
  const server: Server = createServer((req, res) => handle(req, res));
  try {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // A variable specifier: oidc-provider has no type declarations here, and the import must happen while
    // hushed (it warns on load about Node 20).
    const specifier = 'oidc-provider';
    const { Provider } = (await import(specifier)) as {
      Provider: new (issuer: string, config: object) => OidcProvider;
    };

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig' };
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          // oidc-provider accepts client_secret_post too when client_secret_basic is registered (and vice versa).
          token_endpoint_auth_method: 'client_secret_basic',
          redirect_uris: options.redirectUris,
          post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        },
      ],
      jwks: { keys: [signingKey] },
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      // Scopes are the keys of `claims` (plus openid and offline_access).
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
      // Put the scope's claims into the ID token too, not only into UserInfo.
      conformIdTokenClaims: false,
      // v9: a function; by default only public clients (and FAPI) must use PKCE.
      pkce: { required: () => true },
      async findAccount(_ctx: unknown, sub: string) {
        const person = people.find((p) => p.sub === sub);
        if (!person) return undefined;
        const { sub: accountId, email, name, groups } = person;
        return { accountId, claims: async () => ({ sub: accountId, email, email_verified: true, name, groups }) };
      },
      // First party: the grant covers whatever the request asks for, so no consent page is shown.
      async loadExistingGrant(ctx: any) {
        const { oidc } = ctx;
        const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
        const grant = grantId
          ? await oidc.provider.Grant.find(grantId)
          : new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
        if (!grant) return undefined;
        grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
        grant.addOIDCClaims([...oidc.requestParamClaims]);
        await grant.save();
        return grant;
      },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      features: {
        // The built-in login form takes any login and checks no password; this file's own page checks it.
        devInteractions: { enabled: false },
        rpInitiatedLogout: { enabled: true },
      },
    });
    provider.on('server_error', (_ctx: unknown, error: unknown) => console.error('test IdP server_error:', error));

    const providerHandler = provider.callback();
    handle = (req, res) => {
      if (/^\/interaction\/[^/?]+(\?|$)/.test(req.url ?? '')) {
        interaction(provider, people, req, res).catch((error: unknown) =>
          res.headersSent ? res.destroy() : send(res, 500, 'Sign-in failed', `<pre>${escapeHtml(String(error))}</pre>`),
        );
      } else providerHandler(req, res);
    };

    let stopped = false;
    return {
      issuer,
      clientId,
      clientSecret,
      people,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        const closed = new Promise((resolve) => server.close(resolve));
        server.closeAllConnections();
        await closed;
        hush(false);
      },
    };
  } catch (error) {
    server.close();
    hush(false);
    throw error;
  }
}
