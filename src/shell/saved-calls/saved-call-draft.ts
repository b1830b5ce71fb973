// A call a tool form offered for saving: its server, tool and arguments, and the name it will be saved under.

import { html, type TemplateResult } from 'lit';
import type { SavedCallData } from '../../core/saved-calls/saved-call-file.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';

/** What the draft form needs from the panel. */
export interface DraftActions {
  t: Translate;
  /** Saves the draft under its name (the panel refuses an empty one). */
  save(): void;
  rename(name: string): void;
  discard(): void;
}

/** The form that names and saves an offered call (`form.draft`; its name field is `#saved-draft-name`). */
export function renderDraft(draft: SavedCallData & { name: string }, actions: DraftActions): TemplateResult {
  const { t } = actions;
  return html`<form
    class="draft"
    @submit=${(e: Event) => {
      e.preventDefault();
      actions.save();
    }}
  >
    <h3>${t('saved.draftTitle')}</h3>
    <p>${t('saved.call', { server: draft.serverName, tool: draft.toolName })}</p>
    <pre tabindex="0" aria-label=${t('saved.arguments')}>${JSON.stringify(draft.args, null, 2)}</pre>
    <label for="saved-draft-name">${t('saved.name')}</label>
    <input
      id="saved-draft-name"
      type="text"
      maxlength="200"
      .value=${draft.name}
      @input=${(e: Event) => actions.rename((e.target as HTMLInputElement).value)}
    />
    <div class="bar"
      ><button type="submit" class="primary" data-action="save-draft">${t('saved.save')}</button>
      <button type="button" data-action="discard-draft" @click=${() => actions.discard()}
        >${t('saved.discard')}</button
      ></div
    >
  </form>`;
}
