import { LitElement, html, css, nothing } from 'lit';
import type { ConnectionProblem } from '../../core/shared/gateway-api/connection-problem.js';
import { doctorText } from './connection-doctor-text.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import { translatedOr } from '../services/host-text.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { shellStyles } from '../shell.styles.js';

/**
 * <mcp-connection-doctor>: shows why a server cannot be reached — the step that failed, what
 * happened, what to do, and a process's last stderr lines — from the gateway's diagnosis
 * (`GatewayServerSummary.problem`, src/core/shared/gateway-api/connection-problem.ts). Everything is text: upstream
 * data never becomes markup. Content given as children (e.g. a Sign in button) is shown below.
 *
 * @slot - actions for the problem (for example signing in when authorization is needed)
 */
export class McpConnectionDoctor extends LitElement {
  static override styles = [
    shellStyles,
    css`
      :host {
        display: block;
      }
      .doctor {
        border-left: 4px solid var(--mcp-error-dark, #a4161a);
        padding-left: var(--mcp-spacing-md, 0.5rem);
        word-break: break-word;
      }
      p {
        margin: var(--mcp-spacing-xs, 0.125rem) 0 var(--mcp-spacing-sm, 0.25rem);
      }
      .step {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
      .what {
        font-weight: var(--mcp-font-weight-medium, 600);
      }
      pre {
        max-height: 10rem;
        overflow: auto;
        background: var(--mcp-surface, #f4f6f8);
        padding: var(--mcp-spacing-sm, 0.25rem);
        margin: 0;
        white-space: pre-wrap;
      }
    `,
  ];

  static override properties = { problem: { attribute: false } };

  declare problem: ConnectionProblem | null | undefined;
  private readonly l10n = new ShellLocalize(this);

  override render() {
    const p = this.problem;
    if (!p) return nothing;
    const t: Translate = (key, variables) => this.l10n.t(key, variables);
    const { message, action } = doctorText(t, p);
    const step = translatedOr(t, `doctor.step.${p.step}`, p.step);
    const tail = Array.isArray(p.details.stderrTail) ? p.details.stderrTail : [];
    return html`<div class="doctor" role="group" aria-label=${t('doctor.label')}>
      <p class="step muted">${t('doctor.failedAt', { step })}</p>
      <p class="what" data-doctor="message">${message}</p>
      <p class="todo" data-doctor="action"><strong>${t('doctor.whatToDo')}</strong> ${action}</p>
      ${
        tail.length
          ? html`<p>${t('doctor.lastStderr')}</p> <pre tabindex="0" data-doctor="stderr">${tail.join('\n')}</pre>`
          : nothing
      }
      <slot></slot>
    </div>`;
  }
}

if (!customElements.get('mcp-connection-doctor')) customElements.define('mcp-connection-doctor', McpConnectionDoctor);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-connection-doctor': McpConnectionDoctor;
  }
}
