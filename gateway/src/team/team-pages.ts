import type { ServerResponse } from 'node:http';

/** Text for HTML (the pages below are built from strings the provider or the config chose). */
function escape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * A small page of team mode's own (sign-in failed, no access, signed out): plain HTML with no script, under a
 * CSP that allows none, in the dashboard's colours.
 */
export function sendTeamPage(
  res: ServerResponse,
  status: number,
  page: { title: string; lines: string[]; action?: { href: string; label: string } },
  headers: Record<string, string> = {},
): void {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(page.title)} · mcp-dashboard</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#1b1e24}
main{max-width:34rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin:0 0 1rem}a.button{display:inline-block;margin-top:1rem;padding:.5rem 1rem;border-radius:8px;background:#2456d6;color:#fff;text-decoration:none}
@media (prefers-color-scheme:dark){body{background:#15171c;color:#e8eaf0}main{background:#1f2229}}</style></head>
<body><main><h1>${escape(page.title)}</h1>${page.lines.map((l) => `<p>${escape(l)}</p>`).join('')}${
    page.action ? `<a class="button" href="${escape(page.action.href)}">${escape(page.action.label)}</a>` : ''
  }</main></body></html>`;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}
