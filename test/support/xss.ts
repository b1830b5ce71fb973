// The sentinel the hostile-text tests watch: markup that counts up `window.__xss` if it is ever parsed as HTML.
import { waitFor } from './gateway.js';

declare global {
  interface Window {
    __xss?: number;
  }
}

/** An image whose error handler flips the sentinel: harmless as text, counted if rendered as HTML. */
export const XSS_PAYLOAD = '<img src=x onerror="window.__xss=(window.__xss||0)+1">';

/** The control: the payload does run when put into the page as HTML, so a sentinel left unset means something. */
export async function payloadRunsAsHtml(): Promise<void> {
  const probe = document.createElement('div');
  document.body.append(probe);
  probe.innerHTML = XSS_PAYLOAD;
  await waitFor(() => window.__xss, 5000, 'the control payload to run');
  probe.remove();
  delete window.__xss;
}
