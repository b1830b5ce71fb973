import { html, nothing, type TemplateResult } from 'lit';
import type { ArgumentProblem } from '../../../src/core/shared/types.js';
import { problemText } from '../widget/problem-text.js';
import type { NodeKind } from './schema-model.js';
import type { Translate } from '../i18n/translate.js';

/** The value a new list item of this kind starts with when its schema gives none. */
export function emptyValueFor(kind: NodeKind): unknown {
  switch (kind) {
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'object':
      return {};
    case 'array':
    case 'tuple':
      return [];
    default:
      return null;
  }
}

/** Parses the text of a number field or a JSON editor ('' = not set). */
export function parseRaw(
  text: string,
  kind: 'number' | 'integer' | 'json',
): { ok: true; value: unknown } | { ok: false; message: string; code: string } {
  if (text.trim() === '') return { ok: true, value: undefined };
  if (kind === 'json') {
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch {
      return { ok: false, message: 'must be valid JSON', code: 'json' };
    }
  }
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, message: 'must be a number', code: 'number' };
  if (kind === 'integer' && !Number.isInteger(value))
    return { ok: false, message: 'must be a whole number', code: 'integer' };
  return { ok: true, value };
}

/** The form's JSON view: the whole value in one text area, with its parse error and the problems. */
export function renderJsonView(options: {
  id: string;
  text: string;
  jsonError: string | undefined;
  problems: ArgumentProblem[];
  t: Translate;
  input(text: string): void;
}): TemplateResult {
  const { id, text, jsonError, problems, t } = options;
  const describedBy =
    [jsonError ? `${id}-err` : '', problems.length ? `${id}-problems` : ''].filter(Boolean).join(' ') || nothing;
  return html`<div class="field">
    <label for=${id}>${t('form.valueAsJson')}</label>
    <textarea
      id=${id}
      class="json big"
      spellcheck="false"
      .value=${text}
      aria-describedby=${describedBy}
      aria-invalid=${jsonError || problems.length ? 'true' : 'false'}
      aria-keyshortcuts="Control+Enter Meta+Enter"
      @input=${(e: Event) => options.input((e.target as HTMLTextAreaElement).value)}
    ></textarea>
    ${jsonError ? html`<span id="${id}-err" class="error-text" role="alert">${jsonError}</span>` : nothing}
    ${
      problems.length
        ? html`<span id="${id}-problems" class="error-text" role="alert"
            >${problems.map((p) => `${p.path || t('form.value')}: ${problemText(p, t)}`).join('; ')}</span
          >`
        : nothing
    }
  </div>`;
}
