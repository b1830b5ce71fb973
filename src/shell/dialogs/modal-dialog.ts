import { html, type TemplateResult } from 'lit';

/** How a host dialog names itself to assistive technology, and what Escape does. */
export interface ModalDialogParts {
  /** `alertdialog` when it asks for a decision with consequences (a call, a link, a passkey); else `dialog`. */
  role: 'dialog' | 'alertdialog';
  /** The id of its title. */
  title: string;
  /** The id of the text that says what it asks. */
  about: string;
  /** The `cancel` event (Escape): the dialog's "no" answer. */
  onCancel: (event: Event) => void;
}

/** A host dialog's `<dialog>`: modal, labelled by its title, described by what it asks; Escape answers "no". */
export function modalDialog({ role, title, about, onCancel }: ModalDialogParts, body: unknown): TemplateResult {
  return html`<dialog
    role=${role}
    aria-modal="true"
    aria-labelledby=${title}
    aria-describedby=${about}
    @cancel=${onCancel}
  >
    ${body}
  </dialog>`;
}
