import { html, nothing } from 'lit';
import { icon } from '../icons/icons.js';
import type { DashboardLayoutController } from './dashboard-layout.js';
import type { LayoutStore, ShownDashboard } from './layout-store.js';

function renderToolbar(layout: DashboardLayoutController, store: LayoutStore, active: ShownDashboard) {
  const t = (key: string, v?: Record<string, unknown>) => layout.t(key, v);
  if (!layout.editing) {
    return html`<button type="button" data-action="edit-layout" @click=${() => layout.setEditing(true)}
      >${icon('pencil')} ${t('layout.edit')}</button
    >`;
  }
  return html`<button type="button" data-action="undo" ?disabled=${!store.canUndo} @click=${() => layout.undo()}
      >${icon('undo')} ${t('layout.undo')}</button
    >
    <button
      type="button"
      data-action="add-tile"
      aria-expanded=${layout.adding ? 'true' : 'false'}
      @click=${() => layout.toggleAdding()}
      >${icon('plus')} ${t('layout.add')}</button
    >
    <button type="button" data-action="export-layout" @click=${() => layout.exportLayout()}
      >${icon('download')} ${t('layout.export')}</button
    >
    <label class="file-button"
      >${icon('upload')} ${t('layout.import')}<input
        type="file"
        accept="application/json,.json"
        data-action="import-layout"
        @change=${(e: Event) => void layout.importFile(e)}
    /></label>
    <button
      type="button"
      data-action="reset-layout"
      ?disabled=${!active.changed && store.dashboards().every((d) => !d.changed)}
      @click=${() => layout.reset()}
      >${icon('reset')} ${t(store.hasTeam ? 'layout.reset' : 'layout.resetDefault')}</button
    >
    ${
      layout.teamAdmin
        ? html`<button type="button" data-action="publish-layout" @click=${() => void layout.publish(active)}
            >${icon('upload')} ${t('layout.publish')}</button
          >`
        : nothing
    }
    <button type="button" class="primary" data-action="done-layout" @click=${() => layout.setEditing(false)}
      >${icon('check')} ${t('layout.done')}</button
    >`;
}

/**
 * Above the dashboards: a tab per dashboard, the edit toolbar (edit, undo, add, export, import, reset,
 * done) and, in edit mode, the note that says how to arrange tiles, with rename and remove.
 */
export function renderLayoutBar(layout: DashboardLayoutController, store: LayoutStore, active: ShownDashboard) {
  const dashboards = store.dashboards();
  const t = (key: string, v?: Record<string, unknown>) => layout.t(key, v);
  return html`<div class="layout-bar">
      <div
        role="tablist"
        aria-label=${t('layout.tabs')}
        @keydown=${(e: KeyboardEvent) => layout.onTabKey(e, dashboards)}
      >
        ${dashboards.map(
          (d) =>
            html`<button
              role="tab"
              type="button"
              id="tab-${d.id}"
              aria-selected=${d.id === active.id ? 'true' : 'false'}
              aria-controls="board-${d.id}"
              tabindex=${d.id === active.id ? '0' : '-1'}
              title=${d.file ? t('layout.teamFile', { file: d.file }) : ''}
              @click=${() => store.setActive(d.id)}
              >${icon('dashboard')} ${d.origin === 'default' ? t('layout.defaultName') : d.name}</button
            >`,
        )}
      </div>
      ${layout.editing ? html`<button type="button" data-action="new-dashboard" class="ghost-button" @click=${() => layout.newDashboard()}>${icon('plus')} ${t('layout.newDashboard')}</button>` : nothing}
      <span class="spacer"></span>
      <div class="layout-actions">${renderToolbar(layout, store, active)}</div>
    </div>
    ${
      layout.editing
        ? html`<div class="edit-note" role="note"
            ><span class="wide-only">${t('layout.editing')}</span
            ><span class="narrow-only">${t('layout.narrow')}</span>
            ${active.origin !== 'default' ? html`<label>${t('layout.rename')} <input data-action="rename-dashboard" .value=${active.name} @change=${(e: Event) => layout.rename(active, (e.target as HTMLInputElement).value)} /></label>` : nothing}
            ${
              active.origin === 'user' && dashboards.length > 1
                ? html`<button
                    type="button"
                    data-action="remove-dashboard"
                    @click=${() => store.removeDashboard(active.id)}
                    >${icon('trash')} ${t('layout.removeDashboard')}</button
                  >`
                : nothing
            }</div
          >`
        : nothing
    }`;
}
