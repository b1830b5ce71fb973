import { LitElement, html, css, nothing } from 'lit';
import { importConfig, stripJsonComments, type ImportResult } from '../../core/shared/config/config-import.js';
import { deepActiveElement } from '../services/a11y-helper.js';
import { a11yContext, consume } from '../services/contexts.js';
import { ShellLocalize } from '../i18n/shell-localize.js';
import { shellStyles } from '../shell.styles.js';
import { panelStyles } from './panel.styles.js';

/** One server as the panel describes it. */
interface Understood {
  name: string;
  how: 'stdio' | 'http' | 'sse' | 'auto' | 'invalid';
  target: string;
  variables: string[];
  headers: string[];
  /** How the gateway gets OAuth tokens for it, when the config says (never the values). */
  oauth: 'authorization_code' | 'client_credentials' | 'cross_app_access' | undefined;
  needs: Array<{ id: string; envName: string }>;
  disabled: boolean;
}

/** What a pasted or imported config was understood as. */
interface Reading {
  file: string;
  format: ImportResult['format'];
  servers: Understood[];
  warnings: string[];
  problems: string[];
  converted: string;
}

/** The grant of a server's `oauth` object (docs/oauth.md); secrets in it are never read here. */
function oauthGrant(value: unknown): Understood['oauth'] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const grant = (value as { grant?: unknown }).grant;
  return grant === 'client_credentials' || grant === 'cross_app_access' ? grant : 'authorization_code';
}

function describeServers(result: ImportResult): Understood[] {
  return Object.entries(result.config.mcpServers ?? {}).map(([name, raw]) => {
    const entry = (raw ?? {}) as Record<string, unknown>;
    const stdio = typeof entry.command === 'string';
    const args = Array.isArray(entry.args) ? entry.args.map(String) : [];
    const how: Understood['how'] = stdio
      ? 'stdio'
      : typeof entry.url !== 'string'
        ? 'invalid'
        : entry.type === 'sse'
          ? 'sse'
          : entry.type === 'http'
            ? 'http'
            : 'auto';
    return {
      name,
      how,
      target: stdio ? [entry.command as string, ...args].join(' ') : String(entry.url ?? ''),
      variables: result.variables[name] ?? [],
      // Names only: the values may be credentials and are never shown.
      headers: entry.headers && typeof entry.headers === 'object' ? Object.keys(entry.headers as object) : [],
      oauth: oauthGrant(entry.oauth),
      needs: result.missingInputs.filter((m) => m.server === name).map((m) => ({ id: m.input.id, envName: m.envName })),
      disabled: entry.disabled === true,
    };
  });
}

/**
 * <mcp-servers-panel>: paste or import a config written for any supported client (Claude Desktop,
 * VS Code, Cursor, Cline / Roo / Windsurf) and see what the dashboard understands from it — each
 * server, how it is reached, the variables and inputs it needs, the keys it ignores — and download
 * it converted to the dashboard's own format. It starts nothing: the gateway only ever runs what is
 * in the config file it was started with (docs/security.md), so the panel says how to start it.
 */
export class McpServersPanel extends LitElement {
  static override styles = [
    shellStyles,
    panelStyles,
    css`
      dialog {
        width: min(64rem, 96vw);
      }
      textarea {
        width: 100%;
        min-height: 10rem;
        font-family: var(--mcp-font-mono, monospace);
        box-sizing: border-box;
      }
      .problems {
        border-left: 4px solid var(--mcp-error-dark, #a4161a);
        padding-left: var(--mcp-spacing-md, 0.5rem);
      }
      .warnings {
        border-left: 4px solid var(--mcp-warning-dark, #8a4b00);
        padding-left: var(--mcp-spacing-md, 0.5rem);
      }
    `,
  ];

  static override properties = { open: { state: true }, reading: { state: true }, parseError: { state: true } };

  declare open: boolean;
  declare reading: Reading | undefined;
  declare parseError: string | undefined;
  private readonly a11y = consume(this, a11yContext);
  private readonly l10n = new ShellLocalize(this);
  private returnFocus: HTMLElement | null = null;
  private releaseTrap: (() => void) | undefined;

  constructor() {
    super();
    this.open = false;
  }

  /** Opens the panel. */
  async show(): Promise<void> {
    this.returnFocus = deepActiveElement();
    this.open = true;
    await this.updateComplete;
    this.renderRoot.querySelector('dialog')?.showModal();
    this.releaseTrap = this.a11y.value?.setFocusTrap(this);
    (this.renderRoot.querySelector('textarea') as HTMLElement | null)?.focus();
  }

  private close(): void {
    this.renderRoot.querySelector('dialog')?.close();
    this.releaseTrap?.();
    this.releaseTrap = undefined;
    this.open = false;
    const target = this.returnFocus;
    this.returnFocus = null;
    if (target?.isConnected) target.focus();
  }

  /** Reads config text as the gateway would (without the environment: variables stay as they are). */
  async read(text: string, file = this.l10n.t('servers.pasted')): Promise<void> {
    let value: unknown;
    try {
      value = JSON.parse(stripJsonComments(text));
    } catch (error) {
      this.reading = undefined;
      this.parseError = this.l10n.t('servers.notJson', { message: (error as Error).message });
      this.a11y.value?.announce(this.parseError, 'assertive');
      return;
    }
    this.parseError = undefined;
    const result = importConfig(value, file, { keepVariables: true });
    let problems: string[];
    try {
      problems = (await import('../../core/shared/config/config-validate.js')).configProblems(result.config);
    } catch (error) {
      problems = [this.l10n.t('servers.checkUnavailable', { message: (error as Error).message })];
    }
    const servers = describeServers(result);
    this.reading = {
      file,
      format: result.format,
      servers,
      warnings: result.warnings,
      problems,
      converted: `${JSON.stringify(result.config, null, 2)}\n`,
    };
    this.a11y.value?.announce(
      this.l10n.t('servers.understood', {
        count: servers.length,
        problems: problems.length,
        warnings: result.warnings.length,
      }),
      'polite',
    );
  }

  private async importFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    if (!file) return;
    await this.read(await file.text(), file.name);
    input.value = '';
  }

  private download(): void {
    if (!this.reading) return;
    const url = URL.createObjectURL(new Blob([this.reading.converted], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'mcp-dashboard.config.json';
    a.rel = 'noopener';
    this.renderRoot.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  private renderReading(r: Reading) {
    const t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
    return html`<h3 id="servers-result">${t('servers.result', { file: r.file })}</h3>
      <p data-servers="format">${t(`servers.format.${r.format}`)}</p>
      ${
        r.problems.length
          ? html`<div class="problems" role="alert"
              ><p><strong>${t('servers.problems')}</strong></p
              ><ul data-servers="problems"
                >${r.problems.map((p) => html`<li>${p}</li>`)}</ul
              ></div
            >`
          : nothing
      }
      ${
        r.warnings.length
          ? html`<div class="warnings"
              ><p><strong>${t('servers.warnings')}</strong></p
              ><ul data-servers="warnings"
                >${r.warnings.map((w) => html`<li>${w}</li>`)}</ul
              ></div
            >`
          : nothing
      }
      <table aria-labelledby="servers-result">
        <thead
          ><tr
            ><th scope="col">${t('servers.col.name')}</th><th scope="col">${t('servers.col.how')}</th
            ><th scope="col">${t('servers.col.runs')}</th><th scope="col">${t('servers.col.needs')}</th></tr
          ></thead
        >
        <tbody>
          ${r.servers.length === 0 ? html`<tr><td colspan="4">${t('servers.none')}</td></tr>` : nothing}
          ${r.servers.map(
            (s) =>
              html`<tr data-server=${s.name}>
                <th scope="row"
                  >${s.name}${s.disabled ? html` <span class="muted">(${t('servers.disabled')})</span>` : nothing}</th
                >
                <td>${t(`servers.how.${s.how}`)}</td>
                <td><code>${s.target}</code></td>
                <td>
                  ${s.variables.length ? html`<div>${t('servers.variables', { names: s.variables.join(', ') })}</div>` : nothing}
                  ${s.headers.length ? html`<div>${t('servers.headers', { names: s.headers.join(', ') })}</div>` : nothing}
                  ${s.oauth ? html`<div data-servers="oauth">${t(`servers.oauth.${s.oauth}`)}</div>` : nothing}
                  ${s.needs.map((n) => html`<div>${t('servers.needsInput', { id: n.id, envName: n.envName })}</div>`)}
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
      <h3>${t('servers.useIt')}</h3>
      <p>${t('servers.useItHelp')}</p>
      <pre><code>npx mcp-dashboard --config mcp-dashboard.config.json</code></pre>
      <button
        type="button"
        data-action="download-config"
        ?disabled=${r.problems.length > 0}
        @click=${() => this.download()}
        >${t('servers.download')}</button
      >`;
  }

  override render() {
    const t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
    return html`<dialog
      aria-labelledby="servers-title"
      @cancel=${(e: Event) => {
        e.preventDefault();
        this.close();
      }}
    >
      ${
        this.open
          ? html`<div class="bar">
                <h2 id="servers-title">${t('servers.title')}</h2>
                <button type="button" class="primary" data-action="close-servers" @click=${() => this.close()}
                  >${t('servers.close')}</button
                >
              </div>
              <p class="muted">${t('servers.intro')}</p>
              <label for="servers-text">${t('servers.paste')}</label>
              <textarea id="servers-text" spellcheck="false" placeholder='{ "mcpServers": { … } }'></textarea>
              <div class="bar">
                <button
                  type="button"
                  data-action="read-config"
                  @click=${() => void this.read((this.renderRoot.querySelector('textarea') as HTMLTextAreaElement).value)}
                  >${t('servers.read')}</button
                >
                <label
                  >${t('servers.importFile')}
                  <input
                    type="file"
                    accept=".json,.jsonc,application/json"
                    data-action="import-file"
                    @change=${(e: Event) => void this.importFile(e.target as HTMLInputElement)}
                /></label>
              </div>
              ${this.parseError ? html`<p class="error-text" role="alert" data-servers="parse-error">✗ ${this.parseError}</p>` : nothing}
              ${this.reading ? this.renderReading(this.reading) : nothing}`
          : nothing
      }
    </dialog>`;
  }
}

if (!customElements.get('mcp-servers-panel')) customElements.define('mcp-servers-panel', McpServersPanel);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-servers-panel': McpServersPanel;
  }
}
