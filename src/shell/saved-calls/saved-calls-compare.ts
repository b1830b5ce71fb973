import { html, nothing, type TemplateResult } from 'lit';
import { diffJson, type DiffEntry } from '../../core/saved-calls/result-diff.js';
import type { Translate } from '../services/host-text.js';

/** A value as short JSON text (server data: always rendered as text). */
function shown(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function renderEntry(entry: DiffEntry, t: Translate): TemplateResult {
  const where = entry.path || t('saved.whole');
  if (entry.lines) {
    return html`<tr data-kind=${entry.kind}
      ><th scope="row"><code>${where}</code><div class="muted">${t(`saved.kind.${entry.kind}`)}</div></th>
      <td colspan="2"
        ><table class="lines">
          ${entry.lines.map(
            (row) =>
              html`<tr class=${`line ${row.kind}`}
                ><td class="left"
                  >${row.left === undefined ? nothing : html`<span aria-hidden="true">${row.kind === 'same' ? ' ' : '\u2212'}</span>${row.left}`}</td
                >
                <td class="right"
                  >${row.right === undefined ? nothing : html`<span aria-hidden="true">${row.kind === 'same' ? ' ' : '+'}</span>${row.right}`}</td
                ></tr
              >`,
          )}
        </table></td
      ></tr
    >`;
  }
  return html`<tr data-kind=${entry.kind}
    ><th scope="row"><code>${where}</code><div class="muted">${t(`saved.kind.${entry.kind}`)}</div></th>
    <td class="left"><pre>${shown(entry.before)}</pre></td><td class="right"><pre>${shown(entry.after)}</pre></td></tr
  >`;
}

/**
 * Two results side by side: a structural diff (JSON pointer, left value, right value), text that spans
 * lines compared line by line. Everything from the servers is rendered as text.
 */
export function renderComparison(
  left: { label: string; result: unknown },
  right: { label: string; result: unknown },
  t: Translate,
): TemplateResult {
  const { entries, truncated } = diffJson(left.result, right.result);
  return html`<section class="compare" aria-labelledby="saved-compare-title">
    <h3 id="saved-compare-title">${t('saved.compareTitle')}</h3>
    <p role="status"
      >${entries.length === 0 ? t('saved.same') : t('saved.differences', { count: entries.length + truncated })}</p
    >
    ${
      entries.length
        ? html`<div
            class="scroll"
            tabindex="0"
            role="region"
            aria-label=${t('saved.differences', { count: entries.length + truncated })}
            ><table class="diff">
              <thead
                ><tr
                  ><th scope="col">${t('saved.path')}</th><th scope="col">${left.label}</th
                  ><th scope="col">${right.label}</th></tr
                ></thead
              >
              <tbody>${entries.map((e) => renderEntry(e, t))}</tbody>
            </table></div
          >`
        : nothing
    }
    ${truncated ? html`<p class="muted">${t('saved.more', { count: truncated })}</p>` : nothing}
  </section>`;
}
