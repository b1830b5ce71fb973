// A team member in a real Chromium: a fresh browser profile that opens the dashboard and signs in at the team's
// OpenID provider (oidc-provider's own login form), as a person does.
import type { Browser, Page } from 'playwright-core';
import type { Idp } from './oidc-idp.js';

/** Opens the dashboard in a fresh profile and signs in at the provider as `sub`; resolves on the dashboard. */
export async function signInInBrowser(browser: Browser, team: { idp: Idp; base: string }, sub: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = team.idp.people.find((p) => p.sub === sub)!;
  await page.goto(`${team.base}/`);
  await page.waitForURL((url) => url.origin === team.idp.issuer);
  await page.locator('input[name="login"]').fill(person.sub);
  await page.locator('input[name="password"]').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === team.base);
  return page;
}
