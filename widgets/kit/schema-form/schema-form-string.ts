import { html, nothing, type TemplateResult } from 'lit';
import type { JSONSchema } from '../../../src/core/shared/types.js';

/** Formats with a dedicated input type; every other string is free text. */
export const INPUT_TYPE: Record<string, string> = {
  email: 'email',
  uri: 'url',
  url: 'url',
  iri: 'url',
  date: 'date',
  'date-time': 'datetime-local',
  time: 'time',
};

/** What the string editor needs from the form (a slice of FormContext). */
export interface StringFieldContext {
  t: (key: string, variables?: Record<string, unknown>) => string;
  set(pointer: string, value: unknown): void;
  /** Free strings shown as a text area (chosen by the user, or because the value has line breaks). */
  expanded: Set<string>;
  expand(pointer: string): void;
}

/** The parts of a field the renderer already worked out (id, ARIA, help). */
export interface StringFieldInfo {
  id: string;
  describedBy: string | typeof nothing;
  invalid: 'true' | 'false';
  help: TemplateResult | typeof nothing;
}

/** ISO date-time → the local "YYYY-MM-DDTHH:MM:SS" a datetime-local input shows. */
function toLocalInput(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function fromInput(format: string | undefined, text: string): string {
  if (format === 'date-time' && text) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? text : date.toISOString();
  }
  if (format === 'time' && /^\d\d:\d\d$/.test(text)) return `${text}:00`;
  return text;
}

/**
 * A string field. Free text (no special format) is a one-line input with a "Several lines" control,
 * and becomes a text area when chosen, when the value has a line break, or when text with line breaks
 * is pasted (the line breaks are kept; a plain input would drop them). In a text area Enter adds a
 * line; Ctrl/Cmd+Enter submits (handled by the form).
 */
export function renderStringField(
  ctx: StringFieldContext,
  schema: JSONSchema,
  pointer: string,
  labelHtml: TemplateResult,
  label: string,
  required: boolean,
  value: unknown,
  info: StringFieldInfo,
): TemplateResult {
  const s = schema as JSONSchema & { format?: unknown; maxLength?: unknown };
  const format = typeof s.format === 'string' ? s.format : undefined;
  const inArray = /\/\d+$/.test(pointer);
  const set = (text: string) => ctx.set(pointer, text === '' && !inArray ? undefined : fromInput(format, text));
  const onInput = (e: Event) => set((e.target as HTMLInputElement).value);
  const free = !format || !(format in INPUT_TYPE);
  const text = typeof value === 'string' ? value : '';
  const long =
    (typeof s.maxLength === 'number' && s.maxLength > 200) ||
    format === 'textarea' ||
    typeof s.contentMediaType === 'string';
  const area = free && (long || ctx.expanded.has(pointer) || text.includes('\n'));
  const aria = { required: required ? 'true' : 'false' };
  if (area) {
    return html`<div class="field"
      ><label for=${info.id}>${labelHtml}</label>
      <textarea
        id=${info.id}
        .value=${text}
        rows=${Math.min(12, Math.max(3, text.split('\n').length + 1))}
        aria-required=${aria.required}
        aria-describedby=${info.describedBy}
        aria-invalid=${info.invalid}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        @input=${onInput}
      ></textarea>
      <span class="desc muted">${ctx.t('form.keysHint')}</span>${info.help}</div
    >`;
  }
  const shown =
    format === 'date-time' ? toLocalInput(value) : text.replace(/^(\d\d:\d\d):00$/, format === 'time' ? '$1' : '$&');
  const onPaste = (e: ClipboardEvent) => {
    const pasted = e.clipboardData?.getData('text/plain') ?? '';
    if (!free || !/[\r\n]/.test(pasted)) return;
    // An <input> would turn the line breaks into spaces: keep them, in a text area.
    e.preventDefault();
    const input = e.target as HTMLInputElement;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const next = `${input.value.slice(0, start)}${pasted.replace(/\r\n?/g, '\n')}${input.value.slice(end)}`;
    set(next);
    ctx.expand(pointer);
  };
  return html`<div class="field"
    ><label for=${info.id}>${labelHtml}</label>
    <span class="line">
      <input
        id=${info.id}
        type=${(format && INPUT_TYPE[format]) ?? 'text'}
        .value=${shown}
        step=${format === 'date-time' || format === 'time' ? '1' : nothing}
        minlength=${typeof s.minLength === 'number' ? s.minLength : nothing}
        maxlength=${typeof s.maxLength === 'number' ? s.maxLength : nothing}
        aria-required=${aria.required}
        aria-describedby=${info.describedBy}
        aria-invalid=${info.invalid}
        @input=${onInput}
        @paste=${onPaste}
      />
      ${
        free
          ? html`<button
              type="button"
              class="small"
              data-expand
              aria-label=${ctx.t('form.expandLabel', { label })}
              @click=${() => ctx.expand(pointer)}
              >${ctx.t('form.expand')}</button
            >`
          : nothing
      } </span
    >${info.help}</div
  >`;
}
