// Signing in and out through the test OpenID provider (oidc-idp.ts) without a browser: fetch, a cookie jar, the
// provider's login form filled in as the person, redirects followed until the relying party answers.
import type { IdpPerson } from './oidc-idp.js';

/** Cookies per origin (scheme, host and port; path, domain and dates are ignored, but a cleared cookie goes). */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  /** The Cookie header for a request to `url`, if there are cookies for its origin. */
  header(url: URL): string | undefined {
    const cookies = [...(this.byOrigin.get(url.origin) ?? [])];
    return cookies.length ? cookies.map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
  }

  /** Keeps the cookies a response from `url` sets, and drops those it clears. */
  store(url: URL, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [, name, value, rest] = /^\s*([^=;\s]+)\s*=\s*([^;]*)(.*)$/.exec(line) ?? [];
      if (!name) continue;
      const expires = /;\s*expires\s*=\s*([^;]+)/i.exec(rest)?.[1];
      const cleared = /;\s*max-age\s*=\s*(0|-)/i.test(rest) || (expires && Date.parse(expires) <= Date.now());
      if (!this.byOrigin.has(url.origin)) this.byOrigin.set(url.origin, new Map());
      if (cleared) this.byOrigin.get(url.origin)!.delete(name);
      else this.byOrigin.get(url.origin)!.set(name, value.trim());
    }
  }

  /** A copy of the cookies of `origin` (name -> value). */
  cookies(origin: string): Map<string, string> {
    return new Map(this.byOrigin.get(origin));
  }
}

const MAX_STEPS = 25;

async function request(jar: CookieJar, url: URL, form?: URLSearchParams): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'text/html,application/json;q=0.9,*/*;q=0.8' };
  const cookie = jar.header(url);
  if (cookie) headers.Cookie = cookie;
  if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(url, { method: form ? 'POST' : 'GET', headers, body: form, redirect: 'manual' });
  jar.store(url, response);
  return response;
}

/** Where a redirect response points, if it is one. */
function redirectTarget(response: Response, url: URL): URL | undefined {
  const location = response.headers.get('location');
  return [301, 302, 303, 307, 308].includes(response.status) && location ? new URL(location, url) : undefined;
}

/** An attribute of a tag: the IdP's pages quote with " and escape with &#NN; or &amp; &quot; &lt; &gt;. */
const attribute = (tag: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`, 'i')
    .exec(tag)?.[1]
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&(amp|quot|lt|gt);/g, (_m, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>' })[e]!);

/** The first POST form of an IdP page: where it goes and the values of its named inputs. */
function postForm(html: string, pageUrl: URL): { action: URL; fields: URLSearchParams } | undefined {
  const match = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!match || attribute(match[1], 'method')?.toLowerCase() !== 'post') return undefined;
  const fields = new URLSearchParams();
  for (const [, input] of match[2].matchAll(/<input\b([^>]*)>/gi)) {
    const name = attribute(input, 'name');
    if (name) fields.append(name, attribute(input, 'value') ?? '');
  }
  return { action: new URL(attribute(match[1], 'action') || pageUrl.href, pageUrl), fields };
}

const snippet = (html: string) =>
  html
    .replace(/<(style|script)\b[\s\S]*?<\/\1>|<[^>]+>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);

/**
 * Follows a sign-in that starts at `startUrl` (a gateway URL that redirects to the IdP) as `person`,
 * headlessly with fetch and a cookie jar: submits the IdP's login form (and consent if shown) and follows
 * redirects back until a response from the gateway's origin that is not a redirect to the IdP. Returns the
 * final URL, the final response (body unread), and the cookies set by the gateway origin (name -> value).
 *
 * `stopAt` is asked about every URL after the first before it is requested: if it says true, the walk
 * stops without requesting it; `url` is that URL and `response` the one that led there (e.g. to keep the
 * callback URL with its code). Cookies are kept per origin (a browser would share them between ports of
 * 127.0.0.1). Pass `jar` to reuse cookies; the jar comes back (e.g. for signOutHeadless). A wrong password
 * or unknown person rejects with an Error saying "the IdP refused the sign-in of <sub>".
 */
export async function signInHeadless(
  startUrl: string,
  person: IdpPerson,
  options: { stopAt?: (url: URL) => boolean; jar?: CookieJar } = {},
): Promise<{ url: string; response: Response; gatewayCookies: Map<string, string>; jar: CookieJar }> {
  const jar = options.jar ?? new CookieJar();
  const gateway = new URL(startUrl).origin;
  const done = (url: URL, response: Response) => ({
    url: url.href,
    response,
    gatewayCookies: jar.cookies(gateway),
    jar,
  });
  let url = new URL(startUrl);
  let form: URLSearchParams | undefined;
  let previous: Response | undefined;
  let loginSent = false;
  for (let step = 0; step < MAX_STEPS; step++) {
    if (previous && options.stopAt?.(url)) return done(url, previous);
    const response = await request(jar, url, form);
    const next = redirectTarget(response, url);
    if (url.origin === gateway && (!next || next.origin === gateway)) return done(url, response);
    previous = response;
    if (next) {
      await response.body?.cancel();
      [url, form] = [next, undefined];
      continue;
    }
    // A page of the IdP: fill in and submit its form.
    const html = await response.text();
    const found = response.ok ? postForm(html, url) : undefined;
    if (!found || (loginSent && found.fields.has('login'))) {
      const refused = loginSent ? `the IdP refused the sign-in of ${person.sub}` : `no form to submit at ${url.href}`;
      throw new Error(`${refused} (HTTP ${response.status}): ${snippet(html)}`);
    }
    if (found.fields.has('login')) {
      found.fields.set('login', person.sub);
      found.fields.set('password', person.password);
      loginSent = true;
    }
    [url, form] = [found.action, found.fields];
  }
  throw new Error(`sign-in from ${startUrl} did not come back to ${gateway} within ${MAX_STEPS} requests`);
}

/**
 * Signs out at the IdP: requests `endSessionUrl` (e.g. openid-client's buildEndSessionUrl), answers "yes"
 * to the IdP's sign-out question and follows its redirects. Returns the first response from another origin
 * (the post_logout_redirect_uri, requested with the jar's cookies), else the IdP's last page. Pass the jar
 * signInHeadless returned to end that IdP session.
 */
export async function signOutHeadless(
  endSessionUrl: string,
  jar: CookieJar = new CookieJar(),
): Promise<{ url: string; response: Response }> {
  const idp = new URL(endSessionUrl).origin;
  let url = new URL(endSessionUrl);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < MAX_STEPS; step++) {
    const response = await request(jar, url, form);
    const next = redirectTarget(response, url);
    if (url.origin !== idp || (!next && form)) return { url: url.href, response };
    if (next) {
      await response.body?.cancel();
      [url, form] = [next, undefined];
      continue;
    }
    // oidc-provider's logout page: <form id="op.logoutForm"> with a hidden xsrf field; its "Yes" button sends logout=yes.
    const found = response.ok ? postForm(await response.clone().text(), url) : undefined;
    if (!found?.fields.has('xsrf')) return { url: url.href, response };
    await response.body?.cancel();
    found.fields.set('logout', 'yes');
    [url, form] = [found.action, found.fields];
  }
  throw new Error(`sign-out at ${endSessionUrl} did not finish within ${MAX_STEPS} requests`);
}
