import { html, nothing, type TemplateResult } from 'lit';
import type { ConsentDuration } from '../../core/policy/consent-store.js';
import type { RememberScope } from '../../core/policy/matrix.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';

const HINTS = [
  ['readOnlyHint', 'readOnly'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'openWorld'],
] as const;

/**
 * What the tool declares about itself (MCP tool annotations), each declared hint with its value, and
 * that these are the server's claims — or that it declares none. Never "does not say" when it does.
 */
export function renderDeclaredHints(annotations: unknown, serverName: string, t: Translate): TemplateResult {
  const a =
    annotations && typeof annotations === 'object' && !Array.isArray(annotations)
      ? (annotations as Record<string, unknown>)
      : {};
  const declared = HINTS.filter(([key]) => typeof a[key] === 'boolean');
  if (declared.length === 0) return html`<p class="hints-none muted">${t('consent.hints.none')}</p>`;
  return html`<div class="hints">
    <h3 id="confirm-hints-label">${t('consent.hints.title')}</h3>
    <ul class="badges" aria-labelledby="confirm-hints-label">
      ${declared.map(([key, word]) => html`<li data-hint=${key} data-value=${String(a[key])}>${t(`consent.hint.${word}.${String(a[key])}`)}</li>`)}
    </ul>
    <p class="muted claim">${t('consent.hints.claim', { server: serverName })}</p>
  </div>`;
}

/** The user's remember choice in the dialog. */
export interface RememberChoice {
  remember: boolean;
  scope: RememberScope;
  duration: ConsentDuration;
}

/**
 * "Remember my answer" with the scopes this row allows for this caller (this tool; every read-only
 * tool of the server; this app view) and, except for a view, how long (this session, or until forgotten).
 */
export function renderRememberControls(
  choice: RememberChoice,
  scopes: readonly RememberScope[],
  labels: { caller: string; server: string },
  t: Translate,
  change: (next: RememberChoice) => void,
): TemplateResult | typeof nothing {
  if (scopes.length === 0) return nothing;
  const scope = scopes.includes(choice.scope) ? choice.scope : scopes[0]!;
  return html`<div class="remember-box">
    <label class="remember"
      ><input
        type="checkbox"
        data-action="remember"
        .checked=${choice.remember}
        @change=${(e: Event) => change({ ...choice, scope, remember: (e.target as HTMLInputElement).checked })}
      />
      ${t('consent.remember', { caller: labels.caller })}</label
    >
    ${
      choice.remember
        ? html`<fieldset class="scopes"
              ><legend>${t('consent.scope')}</legend>
              ${scopes.map(
                (s) =>
                  html`<label
                    ><input
                      type="radio"
                      name="remember-scope"
                      data-scope=${s}
                      .checked=${s === scope}
                      @change=${() => change({ ...choice, scope: s })}
                    />
                    ${t(`consent.scope.${s}`, { server: labels.server })}</label
                  >`,
              )}
            </fieldset>
            ${
              scope === 'view'
                ? nothing
                : html`<fieldset class="scopes"
                    ><legend>${t('consent.duration')}</legend>
                    ${(['persistent', 'session'] as const).map(
                      (d) =>
                        html`<label
                          ><input
                            type="radio"
                            name="remember-duration"
                            data-duration=${d}
                            .checked=${d === choice.duration}
                            @change=${() => change({ ...choice, scope, duration: d })}
                          />
                          ${t(`consent.duration.${d}`)}</label
                        >`,
                    )}
                  </fieldset>`
            }
            <p class="muted">${t('consent.rememberNote')}</p>`
        : nothing
    }
  </div>`;
}
