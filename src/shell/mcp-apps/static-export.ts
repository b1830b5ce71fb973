/**
 * Serialises what a widget has rendered — its shadow trees included — into static HTML for an
 * mcp-ui export (MCP-WP-16.4.2 "Serialize widget's rendered shadow DOM to static HTML"). Shadow
 * roots become declarative `<template shadowrootmode="open">` with their adopted style sheets
 * inlined, so the export renders as it looked. Nothing executable survives: scripts, frames,
 * objects, `on*` attributes and non-http(s) URLs are dropped (16.4.3: the export loses interactivity).
 */

const DROP_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'noscript',
  'template',
  'link',
  'meta',
  'base',
]);
const VOID = new Set(['area', 'br', 'col', 'hr', 'img', 'input', 'source', 'track', 'wbr']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'srcset']);

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

function safeAttribute(name: string, value: string): boolean {
  if (name.startsWith('on') || (name === 'style' && /url\s*\(|expression\s*\(/i.test(value))) return false;
  if (!URL_ATTRIBUTES.has(name)) return /^[a-z][a-z0-9_.:-]*$/.test(name);
  if (name === 'srcset') return false;
  if (value.startsWith('#')) return true;
  try {
    const url = new URL(value, 'https://invalid.example/');
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && !value.trim().toLowerCase().startsWith('javascript:')
    );
  } catch {
    return false;
  }
}

function sheetsText(root: ShadowRoot): string {
  const parts: string[] = [];
  for (const sheet of root.adoptedStyleSheets) {
    try {
      parts.push([...sheet.cssRules].map((r) => r.cssText).join('\n'));
    } catch {
      // a sheet we cannot read is left out
    }
  }
  return parts.join('\n').replace(/<\/style/gi, '<\\/style');
}

function serializeChildren(parent: ParentNode): string {
  let out = '';
  for (const child of parent.childNodes) out += serializeNode(child);
  return out;
}

function serializeNode(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) {
    const parentName = (node.parentNode as Element | null)?.localName;
    const text = node.textContent ?? '';
    return parentName === 'style' ? text.replace(/<\/style/gi, '<\\/style') : escapeText(text);
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const element = node as Element;
  const name = element.localName;
  if (DROP_ELEMENTS.has(name) || name.includes(':')) return '';
  let attributes = '';
  for (const attribute of element.attributes) {
    if (safeAttribute(attribute.name, attribute.value))
      attributes += ` ${attribute.name}="${escapeAttribute(attribute.value)}"`;
  }
  if (VOID.has(name)) return `<${name}${attributes}>`;
  let inner = '';
  if (element.shadowRoot) {
    const css = sheetsText(element.shadowRoot);
    inner += `<template shadowrootmode="open">${css ? `<style>${css}</style>` : ''}${serializeChildren(element.shadowRoot)}</template>`;
  }
  inner += serializeChildren(element);
  return `<${name}${attributes}>${inner}</${name}>`;
}

/** The element, its light children and its open shadow trees, as a standalone static document. */
export function staticDocument(element: Element, title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeText(title)}</title></head><body>${serializeNode(element)}</body></html>`;
}
