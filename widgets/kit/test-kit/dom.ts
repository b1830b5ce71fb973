/** DOM helpers that see through open shadow roots, as a user does. */

/** Every element matching `selector` below `root`, shadow roots included. */
export function deepAll<T extends Element = HTMLElement>(root: ParentNode, selector: string): T[] {
  const out: T[] = [];
  const visit = (node: ParentNode) => {
    out.push(...(node.querySelectorAll(selector) as NodeListOf<T>));
    for (const el of node.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
  };
  if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot);
  visit(root);
  return out;
}

/** All text below `root`, shadow roots included. */
export function deepText(root: Node): string {
  let text = '';
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
    const el = node as Element;
    if (el.shadowRoot) visit(el.shadowRoot);
    for (const child of node.childNodes) visit(child);
  };
  visit(root);
  return text;
}

/** The focused element through shadow roots. */
export function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** True when `el` is inside `host` (crossing shadow boundaries). */
export function within(host: Element, el: Element | null): boolean {
  let node: Node | null = el;
  while (node) {
    if (node === host) return true;
    node = node.parentNode ?? (node as ShadowRoot).host ?? null;
  }
  return false;
}

/** Elements a keyboard user can reach with Tab. */
export function tabbable(root: Element): HTMLElement[] {
  return deepAll<HTMLElement>(root, 'a[href], button, input, select, textarea, summary, [tabindex]').filter((el) => {
    if ((el as HTMLButtonElement).disabled || el.tabIndex < 0 || el.hasAttribute('inert')) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  });
}

/** The accessible name of a control, roughly as assistive technology computes it. */
export function accessibleName(el: HTMLElement): string {
  const label = el.getAttribute('aria-label');
  if (label?.trim()) return label.trim();
  const by = el.getAttribute('aria-labelledby');
  const root = el.getRootNode() as Document | ShadowRoot;
  if (by)
    return by
      .split(/\s+/)
      .map((id) => root.getElementById?.(id)?.textContent ?? '')
      .join(' ')
      .trim();
  const labels = (el as HTMLInputElement).labels;
  if (labels?.length)
    return [...labels]
      .map((l) => l.textContent ?? '')
      .join(' ')
      .trim();
  if (
    el instanceof HTMLButtonElement ||
    el.getAttribute('role') === 'button' ||
    el.tagName === 'SUMMARY' ||
    el.tagName === 'A'
  )
    return (el.textContent ?? '').trim();
  return (el.getAttribute('title') ?? '').trim();
}

/** Waits for two frames (layout and paint). */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}
