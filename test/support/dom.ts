// Queries that pierce open shadow roots, as a user's view of the page does.

/** Every element matching `selector` in `root` and all open shadow roots below it. */
export function deepQueryAll<T extends Element = HTMLElement>(selector: string, root: ParentNode = document): T[] {
  const found: T[] = [];
  const visit = (node: ParentNode) => {
    found.push(...(node.querySelectorAll(selector) as NodeListOf<T>));
    for (const el of node.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
  };
  visit(root);
  return found;
}

/** The first deep match, or undefined. */
export function deepQuery<T extends Element = HTMLElement>(
  selector: string,
  root: ParentNode = document,
): T | undefined {
  return deepQueryAll<T>(selector, root)[0];
}

/** The first deep match whose text contains `text`. */
export function deepQueryText<T extends Element = HTMLElement>(
  selector: string,
  text: string,
  root: ParentNode = document,
): T | undefined {
  return deepQueryAll<T>(selector, root).find((el) => (el.textContent ?? '').includes(text));
}

export { deepText, deepActive } from '../../widgets/kit/test-kit/dom.js';
