// The package picked in the Install panel: its versions, trust, signature, servers, dependencies and
// permissions, checked before anything is downloaded, and its Install button.

import { html, nothing } from 'lit';
import { describePermissions, type InstallPlan, type SearchHit } from '../../../registry-client/index.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import { permissionText, signatureText, trustText } from './trust-text.js';

/** The search hit the user picked, its published versions, and the plan checked for the chosen one. */
export type SelectedPackage = {
  hit: SearchHit;
  versions: string[];
  version: string;
  plan?: InstallPlan;
  error?: string;
  loading: boolean;
};

/** What the details need from the panel. */
export interface PackageDetailsActions {
  t: Translate;
  /** True while the panel is working: Install does nothing then. */
  busy(): boolean;
  /** Checks another version of the package. */
  select(hit: SearchHit, version: string): void;
  install(): void;
}

/** The picked package's details and its Install button; a check that failed says why instead. */
export function renderPackageDetails(s: SelectedPackage | undefined, actions: PackageDetailsActions) {
  if (!s) return nothing;
  const plan = s.plan;
  const m = plan?.root.manifest;
  const { t } = actions;
  return html`<div class="details" aria-live="polite">
    <h3>${s.hit.displayName ?? s.hit.name}</h3>
    <label
      >${t('store.version')}
      <select
        aria-label=${t('store.version')}
        @change=${(e: Event) => actions.select(s.hit, (e.target as HTMLSelectElement).value)}
      >
        ${(s.versions.length ? s.versions : [s.version]).map((v) => html`<option value=${v} ?selected=${v === s.version}>${v}</option>`)}
      </select>
    </label>
    ${s.loading ? html`<p role="status">${t('store.checking', { name: s.hit.name, version: s.version })}</p>` : nothing}
    ${
      s.error
        ? html`<div class="error check-error" role="alert"
            ><p><strong>✗ ${s.error}</strong></p></div
          >`
        : nothing
    }
    ${
      m && plan
        ? html`<dl>
              <dt>${t('store.package')}</dt><dd>${m.name} ${m.version}</dd>
              ${m.description ? html`<dt>${t('store.about')}</dt><dd>${m.description}</dd>` : nothing}
              <dt>${t('store.trust')}</dt><dd>${trustText(plan.root.trustLevel, t)}</dd> <dt>${t('store.signature')}</dt
              ><dd class="signature">${signatureText(plan.root.signature, t)}</dd> <dt>${t('store.servers')}</dt
              ><dd>${m.mcpServers?.length ? m.mcpServers.join(', ') : t('store.anyServer')}</dd>
              <dt>${t('store.dependencies')}</dt
              ><dd
                >${
                  plan.packages.length > 1
                    ? plan.packages
                        .slice(0, -1)
                        .map((p) => `${p.manifest.name} ${p.manifest.version}`)
                        .join(', ')
                    : t('store.none')
                }</dd
              >
              <dt>${t('store.permissions')}</dt
              ><dd
                >${
                  describePermissions(m.permissions)
                    .map((p) => permissionText(p, t))
                    .join('; ') || t('store.none')
                }</dd
              >
            </dl>
            <button
              type="button"
              class="primary"
              aria-disabled=${actions.busy() ? 'true' : 'false'}
              @click=${() => !actions.busy() && actions.install()}
              >${t('store.install')}</button
            >`
        : nothing
    }
  </div>`;
}
