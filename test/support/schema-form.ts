// Drives a <mcp-schema-form> in a fixture like a person: finds fields by their label, types, chooses,
// presses buttons and submits; shared by the schema form tests.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widgets/kit/schema-form/schema-form.js';
import type { McpSchemaForm, SchemaFormSubmitEvent } from '../../widgets/kit/schema-form/schema-form.js';

/** A form for `schema` with the submit label "Go". */
export async function mount(schema: unknown): Promise<McpSchemaForm> {
  const el = await fixture<McpSchemaForm>(
    html`<mcp-schema-form .schema=${schema} submit-label="Go"></mcp-schema-form>`,
  );
  await el.updateComplete;
  return el;
}

/** The form's shadow root. */
export const root = (el: McpSchemaForm) => el.shadowRoot!;

/** The control a label starting with `label` names. */
export function field(el: McpSchemaForm, label: string): HTMLInputElement {
  const l = [...root(el).querySelectorAll('label')].find((x) =>
    (x.textContent ?? '').replace(/\s+/g, ' ').trim().startsWith(label),
  );
  if (!l)
    throw new Error(
      `no label starting with "${label}"; labels: ${[...root(el).querySelectorAll('label')].map((x) => x.textContent?.trim()).join(' | ')}`,
    );
  return root(el).getElementById(l.htmlFor) as HTMLInputElement;
}

/** Types `value` into the field labelled `label`. */
export async function type(el: McpSchemaForm, label: string, value: string): Promise<void> {
  const input = field(el, label);
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await el.updateComplete;
}

/** Chooses the option with the text `optionText` in the select labelled `label`. */
export async function choose(el: McpSchemaForm, label: string, optionText: string): Promise<void> {
  const select = field(el, label) as unknown as HTMLSelectElement;
  const option = [...select.options].find((o) => o.textContent?.trim() === optionText);
  if (!option) throw new Error(`no option ${optionText}`);
  select.value = option.value;
  select.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await el.updateComplete;
}

/** Clicks the `index`th button whose label or text starts with `text`. */
export async function click(el: McpSchemaForm, text: string, index = 0): Promise<void> {
  const buttons = [...root(el).querySelectorAll('button')].filter((b) =>
    (b.getAttribute('aria-label') ?? b.textContent ?? '').trim().startsWith(text),
  );
  if (!buttons[index]) throw new Error(`no button "${text}"`);
  buttons[index]!.click();
  await el.updateComplete;
}

/** Presses submit; the submitted value, if the form sent one. */
export async function submit(el: McpSchemaForm): Promise<Record<string, unknown> | undefined> {
  let value: Record<string, unknown> | undefined;
  el.addEventListener('mcp-form-submit', (e) => (value = (e as SchemaFormSubmitEvent).value), { once: true });
  (root(el).querySelector('button[type="submit"]') as HTMLButtonElement).click();
  await el.updateComplete;
  return value;
}

/** Fails unless every control has a label. */
export function everyControlLabelled(el: McpSchemaForm): void {
  for (const control of root(el).querySelectorAll('input, select, textarea')) {
    const c = control as HTMLInputElement;
    const named = c.labels?.length || c.getAttribute('aria-labelledby') || c.getAttribute('aria-label');
    expect(named, `control #${c.id} has a label`).to.be.ok;
  }
}
