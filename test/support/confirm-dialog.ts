// The confirmation dialog on its own, for the tests beside it: mounted with an announcer, and the waits they share.
import { fixture, html } from '@open-wc/testing';
import { A11yHelper } from '../../src/shell/services/a11y-helper.js';
import '../../src/shell/dialogs/confirm-dialog.js';
import type { McpConfirmDialog } from '../../src/shell/dialogs/confirm-dialog.js';

/** A fresh `<mcp-confirm-dialog>` in a container that is its announcer's root. */
export async function mountConfirmDialog(): Promise<McpConfirmDialog> {
  const root = await fixture<HTMLDivElement>(html`<div><mcp-confirm-dialog></mcp-confirm-dialog></div>`);
  const dialog = root.querySelector('mcp-confirm-dialog') as McpConfirmDialog;
  dialog.a11y = new A11yHelper(root);
  return dialog;
}

/** Waits up to 3 s for `check` to hold. */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The dialog is showing. */
export const isOpen = (d: McpConfirmDialog) => d.shadowRoot?.querySelector('dialog')?.open === true;
