// Team mode in a real Chromium: a member opens the dashboard, signs in at the team's OpenID provider
// (oidc-provider), and sees only what their role allows; an admin reads the audit log in the Admin screen;
// sign-out ends the session. The gateway is the built one, the server the real server-everything.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, watchProblems } from '../support/served-dashboard.js';
import { rpcAnswer, startTeam, type TeamGateway } from '../support/team-fixture.js';
import { signInInBrowser } from '../support/team-browser.js';
import { addVirtualAuthenticator } from '../support/virtual-authenticator.mjs';

let team: TeamGateway;
let browser: Browser;
before(async () => {
  // A team passkey rule on echo (only ops may call it): the gateway checks ada's passkey for every echo.
  team = await startTeam({ team: { passkeys: [{ server: 'everything', tools: ['echo'] }] } });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await team?.stop();
});

/** Opens the dashboard in a fresh profile and signs in at the provider as `sub`. */
const signIn = (sub: string): Promise<Page> => signInInBrowser(browser, team, sub);

/** The default dashboard's tab in the bar of dashboards. */
const overviewTab = (page: Page) =>
  page.getByRole('tablist', { name: 'Dashboards' }).getByRole('tab', { name: 'Overview' });

const card = (page: Page, name: string) =>
  page.locator('mcp-widget-card').filter({ has: page.locator(`h2:text-is("${name}")`) });

/** The everything card once it shows its counts (`tools` narrows what they must say). */
async function everythingReady(page: Page, tools: RegExp = /tools/) {
  const everything = card(page, 'everything');
  await everything.locator('header').getByText(tools).waitFor({ timeout: 60_000 });
  return everything;
}

/** Opens Get Sum in the everything card and types `a` and `b` (a member's role allows it). */
async function fillSum(page: Page, a: string, b: string) {
  const everything = await everythingReady(page, /2 tools/);
  await everything.getByRole('tab', { name: /Tools/ }).click();
  await everything.getByRole('button', { name: /Get Sum/ }).click();
  await everything.getByRole('spinbutton', { name: /^a/ }).fill(a);
  await everything.getByRole('spinbutton', { name: /^b/ }).fill(b);
  return everything;
}

test(
  'a member signs in and the card offers only the tools their role allows; a call goes through the dialog',
  { timeout: 180_000 },
  async () => {
    const page = await signIn('bob');
    const problems = watchProblems(page);
    const everything = await everythingReady(page, /2 tools/);
    await page.locator('mcp-person-menu summary').getByText('Bob Builder').waitFor({ timeout: 15_000 });
    await everything.getByRole('tab', { name: /Tools/ }).click();
    await everything.getByRole('button', { name: /Get Sum/ }).waitFor();
    const tools = await everything.getByRole('button', { name: /Tool\b/ }).allInnerTexts();
    assert.equal(tools.length, 2, `only the role's two tools are offered: ${tools.join(' | ')}`);
    assert.ok(!tools.some((t) => /Echo/.test(t)), `echo is not offered: ${tools.join(' | ')}`);
    await everything.getByRole('button', { name: /Get Sum/ }).click();
    await everything.getByRole('spinbutton', { name: /^a/ }).fill('20');
    await everything.getByRole('spinbutton', { name: /^b/ }).fill('22');
    await everything.getByRole('button', { name: 'Invoke' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Allow once' }).click();
    await everything.getByText(/42/).first().waitFor({ timeout: 15_000 });
    assert.deepEqual(problems, []);

    // Sign out: the provider's sign-out, then the dashboard asks for sign-in again.
    await page.locator('mcp-person-menu summary').click();
    await page.locator('mcp-person-menu').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.origin === team.idp.issuer || url.pathname === '/signed-out');
    const again = await page.context().request.post(`${team.base}/api/team/session`);
    assert.equal(again.status(), 401, 'the session cookie no longer works');
    await page.context().close();
  },
);

test(
  'an admin opens the Admin screen and finds the member\u2019s call in the audit log',
  { timeout: 180_000 },
  async () => {
    const page = await signIn('ada');
    await everythingReady(page);
    await page.locator('mcp-person-menu summary').click();
    await page.locator('mcp-person-menu').getByRole('button', { name: 'Team admin' }).click();
    const admin = page.getByRole('dialog', { name: 'Team admin' });
    await admin.waitFor();
    await admin.getByRole('textbox', { name: /Person/ }).fill('bob');
    await admin.getByRole('button', { name: 'Show' }).click();
    const row = admin.locator('tr[data-seq]').filter({ hasText: 'get-sum' }).first();
    await row.waitFor({ timeout: 15_000 });
    assert.match(await row.innerText(), /bob@example\.test[\s\S]*everything[\s\S]*Answered/);
    assert.match(await admin.innerText(), /People[\s\S]*Bob Builder/);
    // The page told the gateway which surface asked (the card's widget); a page that said nothing is recorded "page".
    const ada = await team.signIn('ada');
    const { rows } = (await (await ada.api('GET', '/api/audit?sub=bob&name=get-sum')).json()) as {
      rows: { surface: string }[];
    };
    assert.ok(rows.length > 0 && rows.every((r) => r.surface === 'widget'), JSON.stringify(rows));
    await page.context().close();
  },
);

test(
  'a session revoked while the page is open: the person signs in again in a new window, and the page goes on with what they typed',
  { timeout: 180_000 },
  async () => {
    const page = await signIn('bob');
    const everything = await fillSum(page, '30', '12');

    // An admin revokes every session of bob's (the sentinel: the page's next request is refused).
    const ada = await team.signIn('ada');
    const { sessions } = (await (await ada.api('GET', '/api/team/sessions?all=1')).json()) as {
      sessions: { id: string; sub: string }[];
    };
    const bobs = sessions.filter((s) => s.sub === 'bob');
    assert.ok(bobs.length > 0);
    for (const s of bobs) assert.equal((await ada.api('DELETE', `/api/team/sessions/${s.id}`)).status, 200);

    // The page's next request to the gateway meets the ended session (before or after the call's confirmation
    // is asked, whichever request comes first).
    // The page's polling may meet the ended session before the click does: the click then waits (the prompt is
    // modal) and lands once the person is back.
    const clicking = everything.getByRole('button', { name: 'Invoke' }).click({ timeout: 90_000 });
    const confirm = page.getByRole('alertdialog');
    const ended = page.getByRole('dialog', { name: 'Your sign-in has ended' });
    await ended.waitFor({ timeout: 30_000 });
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      ended.getByRole('button', { name: 'Sign in again' }).click(),
    ]);
    // The provider still knows bob in this browser: it signs him in again without asking (as real ones do);
    // when it asks, he answers its form.
    const form = popup.locator('input[name="login"]');
    const back = popup.getByText('Signed in again');
    await form.or(back).first().waitFor({ timeout: 30_000 });
    if (await form.isVisible()) {
      await form.fill('bob');
      await popup.locator('input[name="password"]').fill('pw-bob');
      await popup.getByRole('button', { name: 'Sign in' }).click();
    }
    await back.waitFor();
    await ended.waitFor({ state: 'detached', timeout: 15_000 });
    await clicking;
    await confirm.getByRole('button', { name: 'Allow once' }).click({ timeout: 30_000 });
    await everything
      .getByText(/\b42\b/)
      .first()
      .waitFor({ timeout: 30_000 });
    assert.equal(await everything.getByRole('spinbutton', { name: /^a/ }).inputValue(), '30', 'what was typed is kept');
    await page.context().close();
  },
);

test('preferences follow the person to a second browser', { timeout: 180_000 }, async () => {
  const first = await signIn('bob');
  const theme = first.locator('mcp-app-bar select').nth(1);
  await everythingReady(first);
  await first.locator('mcp-app-bar [data-action="settings"]').click();
  await theme.selectOption('dark');
  // Saved for bob on the gateway (the sentinel: a fresh profile has no such preference of its own).
  const ada = await team.signIn('bob');
  for (let i = 0; i < 50; i += 1) {
    const { values } = (await (await ada.api('GET', '/api/team/preferences')).json()) as {
      values: Record<string, unknown>;
    };
    if (Object.values(values).includes('dark')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const second = await signIn('bob');
  await everythingReady(second);
  assert.equal(await second.locator('mcp-app-bar select').nth(1).inputValue(), 'dark');
  await first.context().close();
  await second.context().close();
});

test('a saved call follows the person to a second browser, and a deletion too', { timeout: 180_000 }, async () => {
  const first = await signIn('bob');
  const everything = await fillSum(first, '7', '8');
  await everything.getByRole('button', { name: 'Save call' }).click();
  const panel = first.locator('mcp-saved-calls');
  await panel.locator('#saved-draft-name').fill('seven plus eight');
  await panel.locator('[data-action="save-draft"]').click();
  await panel.getByText('Saved "seven plus eight".').waitFor();

  const second = await signIn('bob');
  await everythingReady(second);
  await second.locator('mcp-app-bar [data-action="saved-calls"]').click();
  const there = second.locator('mcp-saved-calls li[data-saved-call]').filter({ hasText: 'seven plus eight' });
  await there.waitFor({ timeout: 15_000 });
  assert.match(await there.innerText(), /everything:get-sum/);
  await second.context().close();

  // Deleted in the first browser: a third one no longer has it.
  await panel
    .locator('li[data-saved-call]')
    .filter({ hasText: 'seven plus eight' })
    .getByRole('button', { name: /Delete/ })
    .click();
  await panel.getByText('Deleted "seven plus eight".').waitFor();
  const third = await signIn('bob');
  await everythingReady(third);
  await third.locator('mcp-app-bar [data-action="saved-calls"]').click();
  await third
    .locator('mcp-saved-calls')
    .getByText(/Nothing saved yet/)
    .waitFor({ timeout: 15_000 });
  await first.context().close();
  await third.context().close();
});

test(
  'a remembered answer follows the person: the second browser does not ask again',
  { timeout: 180_000 },
  async () => {
    const sum = async (page: Page, a: string) => {
      const everything = await fillSum(page, a, '1');
      await everything.getByRole('button', { name: 'Invoke' }).click();
      return everything;
    };
    const first = await signIn('bob');
    const one = await sum(first, '100');
    const dialog = first.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Always allow this tool' }).click();
    await one
      .getByText(/\b101\b/)
      .first()
      .waitFor({ timeout: 15_000 });
    // Saved for bob on the gateway (the sentinel: without it the second browser would ask).
    const bob = await team.signIn('bob');
    for (let i = 0; i < 50; i += 1) {
      const { values } = (await (await bob.api('GET', '/api/team/preferences')).json()) as {
        values: Record<string, unknown>;
      };
      if (Array.isArray(values['team.consents']) && values['team.consents'].length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const second = await signIn('bob');
    const two = await sum(second, '200');
    await two
      .getByText(/\b201\b/)
      .first()
      .waitFor({ timeout: 15_000 });
    assert.equal(await second.getByRole('alertdialog').count(), 0, 'no dialog: the answer was remembered for bob');
    await first.context().close();
    await second.context().close();
  },
);

test(
  'an admin publishes a dashboard for the team; a member gets it, and cannot publish',
  { timeout: 180_000 },
  async () => {
    const admin = await signIn('ada');
    await everythingReady(admin);
    await admin.locator('[data-action="edit-layout"]').click();
    await admin.locator('[data-action="new-dashboard"]').click();
    const rename = admin.locator('[data-action="rename-dashboard"]');
    await rename.fill('Ops board');
    await rename.press('Enter');
    await admin.locator('[data-action="publish-layout"]').click();
    await admin.getByRole('tab', { name: /Ops board/ }).waitFor();

    const member = await signIn('bob');
    await member.getByRole('tab', { name: /Ops board/ }).waitFor({ timeout: 60_000 });
    // Published beside the default dashboard, not instead of it (no layout files name the team's dashboards).
    await overviewTab(member).waitFor();
    await member.locator('[data-action="edit-layout"]').click();
    assert.equal(await member.locator('[data-action="publish-layout"]').count(), 0, 'members see no Publish');
    const bob = await team.signIn('bob');
    const refused = await bob.api('PUT', '/api/team/layouts/ops', {
      body: { dashboard: { id: 'ops', name: 'x', tiles: [] } },
    });
    assert.equal(refused.status, 403);
    await admin.context().close();
    await member.context().close();
  },
);

test(
  'a team passkey rule: the gateway checks the person\u2019s passkey before echo runs; a replayed or missing assertion is refused and audited',
  { timeout: 180_000 },
  async () => {
    const page = await signIn('ada');
    await addVirtualAuthenticator(await page.context().newCDPSession(page));
    let sent: { body: string; headers: Record<string, string> } | undefined;
    page.on('request', async (request) => {
      const body = request.postData() ?? '';
      if (request.url().endsWith('/mcp/everything') && body.includes('mcplet_auth'))
        sent = { body, headers: await request.allHeaders() };
    });
    // ada last looked at the dashboard she published (it follows her): go back to the Overview.
    await overviewTab(page).click();
    const everything = await everythingReady(page);
    await everything.getByRole('tab', { name: /Tools/ }).click();
    await everything.getByRole('searchbox').fill('echo');
    await everything.getByRole('button', { name: /^Echo/ }).click();
    await everything.getByRole('textbox', { name: /^message/ }).fill('under a team rule');
    await everything.getByRole('button', { name: 'Invoke' }).click();
    const dialog = page.getByRole('alertdialog');
    assert.match(await dialog.innerText(), /Your team asks for a passkey for the tools "echo" of "everything"/);
    // The first time, the ceremony registers ada's passkey with the gateway, then signs the call's challenge.
    await dialog.getByRole('button', { name: 'Continue with passkey' }).click();
    await everything.getByText('Echo: under a team rule').first().waitFor({ timeout: 20_000 });
    assert.ok(sent, 'the call carried an assertion');

    // The same request again (the assertion replayed): refused, the challenge was used once.
    const replay = await fetch(`${team.base}/mcp/everything`, {
      method: 'POST',
      headers: sent.headers,
      body: sent.body,
    });
    const replayed = await rpcAnswer(replay);
    assert.equal(replayed.error?.code, -32053, JSON.stringify(replayed));
    assert.match(replayed.error.message, /already used challenge/);
    // Without an assertion, as curl would send it: refused before it reaches the server.
    const ada = await team.signIn('ada');
    const session = await ada.open('everything');
    const bare = await ada.rpc('everything', session, {
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'no passkey' } },
    });
    assert.equal(bare.answer.error?.code, -32053);
    assert.match(bare.answer.error.message, /carries no passkey assertion/);
    const { rows } = (await (await ada.api('GET', '/api/audit?sub=ada&name=echo')).json()) as {
      rows: { decision: string; rule: string; outcome: string }[];
    };
    assert.deepEqual(
      rows
        .map((r) => [
          r.decision,
          /passkey verified/.test(r.rule) ? 'verified' : /asks for a passkey/.test(r.rule) ? 'rule' : r.rule,
        ])
        .sort(),
      [
        ['allow', 'verified'],
        ['deny', 'rule'],
        ['deny', 'rule'],
      ],
    );
    assert.ok(rows.some((r) => r.decision === 'allow' && r.outcome === 'ok'));

    // The passkey is the gateway's to keep: the page can neither read it nor replace it; an admin can reset it.
    const { values } = (await (await ada.api('GET', '/api/team/preferences')).json()) as { values: object };
    assert.ok(!Object.keys(values).some((k) => k.startsWith('gateway/')), Object.keys(values).join());
    assert.equal(
      (await ada.api('PUT', '/api/team/preferences/gateway%2Fpasskeys', { body: { value: {} } })).status,
      403,
    );
    assert.equal(((await (await ada.api('GET', '/auth/status')).json()) as { registered: number }).registered, 1);
    assert.equal((await ada.api('DELETE', '/api/team/people/ada/passkeys')).status, 200);
    assert.equal(((await (await ada.api('GET', '/auth/status')).json()) as { registered: number }).registered, 0);
    await page.context().close();
  },
);
