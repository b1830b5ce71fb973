import type { Brand } from '../../core/shared/brand/brand-schema.js';

/**
 * Puts the brand on the page itself: the document title and the favicon. The favicon is a data URL
 * the brand check produced (never a server-supplied link); without one the page keeps an empty icon.
 */
export function applyBrandToDocument(brand: Brand | null, productName: string, doc: Document = document): void {
  doc.title = productName;
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.append(link);
  }
  const href = brand?.favicon && brand.favicon.startsWith('data:image/') ? brand.favicon : 'data:,';
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
