import { LitElement, html, css, nothing } from 'lit';
import type { DependenciesObject, RootEntry, RootView } from '../../../src/core/shared/types.js';
import { defineElement } from '../widget/define.js';
import { LocalizeController } from '../i18n/localize.js';
import { CLIENT_KIT_CATALOGS as KIT_CATALOGS } from '../i18n/messages-client.js';
import { baseStyles } from '../styles/styles.js';
import { ServerEventsController } from '../widget/server-events.js';
import { errorText } from '../tool-runner/tool-text.js';

/**
 * A folder as a `file://` root: an absolute path (`/home/me/notes`, `C:\Users\me`) or a file:// address.
 * Returns the address, or a catalog key saying what is wrong.
 */
export function folderToFileUri(
  text: string,
):
  | { uri: string }
  | { problem: 'roots.problem.empty' | 'roots.problem.relative' | 'roots.problem.scheme' | 'roots.problem.invalid' } {
  const input = text.trim();
  if (!input) return { problem: 'roots.problem.empty' };
  let candidate: string;
  if (/^file:/i.test(input)) candidate = input;
  else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) return { problem: 'roots.problem.scheme' };
  else if (/^[a-z]:[\\/]/i.test(input)) candidate = `file:///${escapePath(input.replace(/\\/g, '/'))}`;
  else if (input.startsWith('/')) candidate = `file://${escapePath(input)}`;
  else return { problem: 'roots.problem.relative' };
  try {
    const url = new URL(candidate);
    return url.protocol === 'file:' ? { uri: url.href } : { problem: 'roots.problem.scheme' };
  } catch {
    return { problem: 'roots.problem.invalid' };
  }
}

/** Characters a path may contain that a URL would read as its query or fragment. */
function escapePath(path: string): string {
  return path.replace(/%/g, '%25').replace(/#/g, '%23').replace(/\?/g, '%3F');
}

/**
 * <mcp-roots-editor>: the folders (roots) one server may work in, as `roots/list` gives them. Add a
 * folder (a path or file:// address, with an optional name), rename or remove this server's roots;
 * every change is saved by the host and the server is told (`notifications/roots/list_changed`).
 * Roots given to every server (the `mcp.roots` preference) are listed but changed elsewhere.
 */
export class McpRootsEditor extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      ul {
        list-style: none;
        margin: 0 0 var(--mcp-spacing-md, 0.5rem);
        padding: 0;
        display: grid;
        gap: var(--mcp-spacing-sm, 0.25rem);
      }
      li {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
        align-items: center;
      }
      code {
        word-break: break-all;
      }
      form {
        display: flex;
        flex-wrap: wrap;
        gap: var(--mcp-spacing-md, 0.5rem);
        align-items: end;
      }
      label {
        display: grid;
        gap: var(--mcp-spacing-xs, 0.125rem);
        font-weight: var(--mcp-font-weight-medium, 600);
      }
      .small {
        font-size: var(--mcp-font-size-sm, 0.8125rem);
      }
    `,
  ];

  static override properties = {
    deps: { attribute: false },
    serverName: { attribute: 'server-name' },
    roots: { state: true },
    problem: { state: true },
    note: { state: true },
    saving: { state: true },
  };

  declare deps: DependenciesObject | undefined;
  declare serverName: string;
  declare roots: RootView[];
  declare problem: string | undefined;
  declare note: string;
  declare saving: boolean;
  private readonly l10n = new LocalizeController(this, { catalogs: KIT_CATALOGS, i18n: () => this.deps?.I18n });
  private readonly t = (key: string, variables?: Record<string, unknown>) => this.l10n.t(key, variables);
  /** Re-reads the host's state of this server when it announces a change. */
  readonly serverEvents = new ServerEventsController(this, 'mcp:roots:changed', () => this.read());

  constructor() {
    super();
    this.serverName = '';
    this.roots = [];
    this.note = '';
    this.saving = false;
  }

  private read(): void {
    try {
      this.roots = this.deps?.MCPBridge.getRoots?.(this.serverName) ?? [];
    } catch (error) {
      this.problem = errorText(error).message;
    }
  }

  private own(): RootEntry[] {
    return this.roots.filter((r) => r.scope === 'server').map(({ uri, name }) => (name ? { uri, name } : { uri }));
  }

  private async save(roots: RootEntry[], note: string): Promise<boolean> {
    const bridge = this.deps?.MCPBridge;
    if (!bridge?.setRoots) return false;
    this.saving = true;
    this.problem = undefined;
    try {
      this.roots = await bridge.setRoots(this.serverName, roots);
      this.note = note;
      return true;
    } catch (error) {
      this.problem = errorText(error).message;
      return false;
    } finally {
      this.saving = false;
    }
  }

  private async add(event: Event): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const folder = form.querySelector<HTMLInputElement>('[name="folder"]')!;
    const name = form.querySelector<HTMLInputElement>('[name="root-name"]')!;
    const checked = folderToFileUri(folder.value);
    if ('problem' in checked) {
      this.problem = this.t(checked.problem);
      folder.focus();
      return;
    }
    if (this.roots.some((r) => r.uri === checked.uri)) {
      this.problem = this.t('roots.problem.duplicate', { uri: checked.uri });
      folder.focus();
      return;
    }
    const entry: RootEntry = name.value.trim() ? { uri: checked.uri, name: name.value.trim() } : { uri: checked.uri };
    if (await this.save([...this.own(), entry], this.t('roots.added', { uri: checked.uri, server: this.serverName }))) {
      folder.value = '';
      name.value = '';
    }
  }

  private rename(uri: string, name: string): void {
    const roots = this.own().map((r) => (r.uri === uri ? (name.trim() ? { uri, name: name.trim() } : { uri }) : r));
    void this.save(roots, this.t('roots.renamed', { uri }));
  }

  private removeRoot(uri: string): void {
    void this.save(
      this.own().filter((r) => r.uri !== uri),
      this.t('roots.removed', { uri, server: this.serverName }),
    );
  }

  override render() {
    const t = this.t;
    const bridge = this.deps?.MCPBridge;
    if (!bridge?.getRoots) return html`<p class="muted">${t('roots.unsupported')}</p>`;
    return html`<p class="small muted">${t('roots.explain', { server: this.serverName })}</p>
      ${
        this.roots.length === 0
          ? html`<p class="muted">${t('roots.none')}</p>`
          : html`<ul aria-label=${t('roots.list', { server: this.serverName })}>
              ${this.roots.map((r) =>
                r.scope === 'all'
                  ? html`<li
                      ><code>${r.uri}</code>${r.name ? html`<span>${r.name}</span>` : nothing}<span class="small muted"
                        >${t('roots.everyServer')}</span
                      ></li
                    >`
                  : html`<li
                      ><code>${r.uri}</code>
                      <input
                        type="text"
                        .value=${r.name ?? ''}
                        aria-label=${t('roots.nameFor', { uri: r.uri })}
                        placeholder=${t('roots.namePlaceholder')}
                        ?disabled=${this.saving}
                        @change=${(e: Event) => this.rename(r.uri, (e.target as HTMLInputElement).value)}
                      />
                      <button
                        type="button"
                        data-action="remove-root"
                        aria-label=${t('roots.removeLabel', { uri: r.uri })}
                        ?disabled=${this.saving || !bridge.setRoots}
                        @click=${() => this.removeRoot(r.uri)}
                        >${t('roots.remove')}</button
                      ></li
                    >`,
              )}
            </ul>`
      }
      ${
        bridge.setRoots
          ? html`<form
              @submit=${(e: Event) => void this.add(e)}
              aria-label=${t('roots.addForm', { server: this.serverName })}
            >
              <label
                >${t('roots.folder')}<input
                  name="folder"
                  type="text"
                  spellcheck="false"
                  autocomplete="off"
                  placeholder="/home/me/projects"
                  aria-describedby=${this.problem ? 'roots-problem' : nothing}
                  aria-invalid=${this.problem ? 'true' : 'false'}
              /></label>
              <label>${t('roots.name')}<input name="root-name" type="text" autocomplete="off" /></label>
              <button type="submit" data-action="add-root" ?disabled=${this.saving}>${t('roots.add')}</button>
            </form>`
          : nothing
      }
      ${this.problem ? html`<p id="roots-problem" class="error-text" role="alert">✗ ${this.problem}</p>` : nothing}
      <p class="small" role="status">${this.note}</p>`;
  }
}

defineElement('mcp-roots-editor', McpRootsEditor);

declare global {
  interface HTMLElementTagNameMap {
    'mcp-roots-editor': McpRootsEditor;
  }
}
