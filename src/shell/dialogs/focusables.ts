const FOCUSABLE =
  'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [contenteditable=""], [contenteditable="true"], [tabindex]';

function isFocusable(el: HTMLElement): boolean {
  if ((el as HTMLButtonElement).disabled) return false;
  if (el.closest('[inert]')) return false;
  const tabindex = el.getAttribute('tabindex');
  if (tabindex !== null && Number(tabindex) < 0) return false;
  if (!el.matches(FOCUSABLE) && !(el.shadowRoot?.delegatesFocus ?? false)) return false;
  // Rendered and visible: hidden ancestors, display:none and visibility:hidden all drop out.
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

/**
 * Every keyboard-focusable element inside `root`, in tab order as the user meets it: document
 * order, descending into open shadow roots and slotted content (positive tabindex is not used here).
 */
export function deepFocusables(root: Element | ShadowRoot): HTMLElement[] {
  const out: HTMLElement[] = [];
  const visit = (node: Element | ShadowRoot | DocumentFragment) => {
    const children = node instanceof HTMLSlotElement ? node.assignedElements({ flatten: true }) : [...node.children];
    for (const child of children) {
      const el = child as HTMLElement;
      if (el.shadowRoot) {
        if (isFocusable(el) && !el.shadowRoot.delegatesFocus) out.push(el);
        visit(el.shadowRoot);
      } else {
        if (isFocusable(el)) out.push(el);
        visit(el);
      }
    }
  };
  visit(root instanceof Element && root.shadowRoot ? root.shadowRoot : root);
  return out;
}
