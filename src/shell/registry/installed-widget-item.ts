// One installed widget in the Widgets panel: its version and trust, why it is not available, and
// its update, rollback and uninstall buttons.

import { html, nothing } from 'lit';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import type { InstalledWidgetView, RegistryHost } from './registry-host.js';
import { trustText } from './trust-text.js';

/** What an installed widget's row needs from the panel. */
export interface InstalledWidgetActions {
  t: Translate;
  /** The registry host that does the work. */
  host(): RegistryHost;
  /** Runs the work as the panel does (busy, then its message or its failure). */
  run(work: () => Promise<string | undefined>): Promise<void>;
}

/** The row of an installed widget (`li.installed`): its state, the update on offer, rollback and uninstall. */
export function renderInstalledWidget(v: InstalledWidgetView, actions: InstalledWidgetActions) {
  const u = v.update;
  const { t } = actions;
  return html`<li class="item installed" data-name=${v.name}>
    <div class="row">
      <strong>${v.manifest?.displayName ?? v.name}</strong>
      <span class="version">${v.entry.version}</span>
      <span class="muted">${v.name}</span>
      <span class="muted">${trustText(v.manifest?.trustLevel, t)}</span>
    </div>
    ${
      v.state !== 'ready'
        ? html`<p class="error" role="alert"
            >✗ ${v.message ?? t('store.notAvailable')}
            <button
              type="button"
              @click=${() => void actions.run(async () => (await actions.host().retry(v.name), undefined))}
              >${t('store.retry')}</button
            ></p
          >`
        : nothing
    }
    ${v.reloadNeeded ? html`<p role="status" class="reload">${t('store.reload', { version: v.entry.version })} <button type="button" @click=${() => location.reload()}>${t('store.reloadNow')}</button></p>` : nothing}
    ${u?.downgrade ? html`<p class="error" role="alert">✗ ${t('store.downgrade', { offered: u.downgrade, installed: v.entry.version })}</p>` : nothing}
    ${u?.error ? html`<p class="muted">${t('store.updateFailed', { error: u.error })}</p>` : nothing}
    ${u?.needsConsent ? html`<p class="muted">${u.needsConsent}</p>` : nothing}
    <div class="row">
      ${
        u?.offer
          ? html`<button
              type="button"
              class="update"
              @click=${() =>
                void actions.run(async () => {
                  const result = await actions.host().update(v.name, u.offer!.version);
                  return result === 'updated'
                    ? t('store.updated', { name: v.name, version: u.offer!.version })
                    : t('store.notUpdated', { name: v.name });
                })}
              >${u.offer.kind === 'major' ? t('store.reviewMajor', { version: u.offer.version }) : t('store.updateTo', { version: u.offer.version, kind: u.offer.kind })}</button
            >`
          : u && !u.error && !u.downgrade
            ? html`<span class="muted">${t('store.upToDate')}</span>`
            : nothing
      }
      ${
        v.entry.previous
          ? html`<button
              type="button"
              class="rollback"
              @click=${() =>
                void actions.run(
                  async () => (
                    await actions.host().rollback(v.name),
                    t('store.rolledBack', { name: v.name, version: v.entry.previous!.version })
                  ),
                )}
              >${t('store.rollBack', {
                version: v.entry.previous.version,
              })}</button
            >`
          : nothing
      }
      <label><input type="checkbox" class="purge" /> ${t('store.purge')}</label>
      <button
        type="button"
        class="uninstall"
        @click=${(e: Event) => {
          const purge = ((e.target as HTMLElement).parentElement!.querySelector('input.purge') as HTMLInputElement)
            .checked;
          void actions.run(
            async () => (await actions.host().uninstall(v.name, purge), t('store.uninstalled', { name: v.name })),
          );
        }}
        >${t('store.uninstall')}</button
      >
    </div>
  </li>`;
}
