import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { A11yHelper } from '../services/a11y-helper.js';
import './sampling-dialog.js';
import './elicitation-dialog.js';
import './url-elicitation-dialog.js';
import './passkey-prompt.js';
import '../registry/consent-dialog.js';
import type { McpSamplingDialog } from './sampling-dialog.js';
import type { McpElicitationDialog } from './elicitation-dialog.js';
import type { McpUrlElicitationDialog } from './url-elicitation-dialog.js';
import type { McpPasskeyPrompt } from './passkey-prompt.js';
import type { McpConsentDialog } from '../registry/consent-dialog.js';

// Issue 28, item 3: besides the confirmation dialog (confirm-plain.test.ts), every other dialog a server, an app or
// the registry can open fits a 1280×720 screen without scrolling, with the longest content it is given — long text
// goes into a region of its own that scrolls, never the dialog, so the question and the buttons stay in view.

const LONG = 'This is a long sentence that a server wrote to explain itself at length. '.repeat(30);

type Host = HTMLElement & { updateComplete: Promise<unknown> };

async function mount<T extends HTMLElement>(tag: string): Promise<T> {
  const root = await fixture<HTMLDivElement>(html`<div></div>`);
  const el = document.createElement(tag) as T;
  root.append(el);
  (el as { a11y?: A11yHelper }).a11y = new A11yHelper(root);
  return el;
}

async function opened(el: HTMLElement): Promise<HTMLDialogElement> {
  for (let i = 0; i < 200 && !el.shadowRoot?.querySelector('dialog')?.open; i += 1)
    await new Promise((r) => setTimeout(r, 10));
  await (el as Host).updateComplete;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const box = el.shadowRoot!.querySelector('dialog')!;
  expect(box.open, 'the dialog opened').to.equal(true);
  return box;
}

/** The dialog is within the screen, does not scroll itself, and its buttons are inside the screen. */
function expectFits(box: HTMLDialogElement, what: string): void {
  const rect = box.getBoundingClientRect();
  expect(rect.height, `${what}: height`).to.be.at.most(720);
  expect(rect.top, `${what}: top`).to.be.at.least(0);
  expect(rect.bottom, `${what}: bottom`).to.be.at.most(720);
  expect(box.scrollHeight, `${what}: the dialog does not scroll`).to.be.at.most(box.clientHeight + 1);
  const buttons = [...box.querySelectorAll('button')].filter((b) => b.getBoundingClientRect().height > 0);
  expect(buttons.length, `${what}: buttons`).to.be.greaterThan(0);
  for (const b of buttons)
    expect(b.getBoundingClientRect().bottom, `${what}: "${b.textContent?.trim()}"`).to.be.at.most(720);
}

describe('every host dialog fits a 1280×720 screen without scrolling', () => {
  before(() => setViewport({ width: 1280, height: 720 }));

  it('sampling: a long system prompt and a long conversation', async () => {
    const el = await mount<McpSamplingDialog>('mcp-sampling-dialog');
    void el
      .ask('everything', {
        systemPrompt: LONG,
        messages: Array.from({ length: 12 }, (_, i) => ({
          role: i % 2 ? ('assistant' as const) : ('user' as const),
          content: { type: 'text' as const, text: `${i}: ${LONG}` },
        })),
        maxTokens: 400,
      })
      .catch(() => {});
    expectFits(await opened(el), 'sampling');
  });

  it('elicitation: a long message and a form of twelve fields', async () => {
    const el = await mount<McpElicitationDialog>('mcp-elicitation-dialog');
    const properties = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `field${i}`,
        { type: 'string', title: `Field number ${i}`, description: 'What the server wants to know, in a sentence.' },
      ]),
    );
    void el.ask('everything', { message: LONG, requestedSchema: { type: 'object', properties } }).catch(() => {});
    expectFits(await opened(el), 'elicitation');
  });

  it('a page to open (URL elicitation): a long reason and a long address', async () => {
    const el = await mount<McpUrlElicitationDialog>('mcp-url-elicitation-dialog');
    void el
      .ask({
        serverName: 'everything',
        message: LONG,
        url: `https://accounts.example.com/authorize?${'scope=read&'.repeat(80)}state=x`,
        elicitationId: 'e1',
        kind: 'request',
      })
      .catch(() => {});
    expectFits(await opened(el), 'url elicitation');
  });

  it('a passkey: a long prompt message from the server', async () => {
    const el = await mount<McpPasskeyPrompt>('mcp-passkey-prompt');
    void el
      .run(
        { serverName: 'everything', toolName: 'transfer', promptMessage: LONG },
        () => new Promise(() => {}),
        () => {},
      )
      .catch(() => {});
    expectFits(await opened(el), 'passkey');
  });

  it('a widget install: every permission, many servers and dependencies', async () => {
    const el = await mount<McpConsentDialog>('mcp-consent-dialog');
    const permissions = Array.from({ length: 14 }, (_, i) => ({
      id: `p${i}`,
      label: `Network access to status-${i}.contoso.example (https) for the widget's live status board`,
    }));
    void el
      .open({
        kind: 'update',
        name: '@contoso/resource-pins-widget',
        displayName: 'Contoso Resource Pins',
        version: '2.0.0',
        fromVersion: '1.0.0',
        trustLevel: 'community',
        signature: { state: 'unsigned' },
        permissions,
        added: permissions.slice(0, 6),
        dependencies: Array.from({ length: 6 }, (_, i) => `@contoso/dependency-number-${i}`),
        servers: Array.from({ length: 16 }, (_, i) => ({ name: `server-${i}`, checked: i < 3 })),
      })
      .catch(() => {});
    expectFits(await opened(el), 'consent');
  });
});
