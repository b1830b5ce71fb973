import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The callback page's words, in the languages the dashboard ships. */
const TEXT = {
  en: {
    signedInTitle: 'Signed in',
    signedIn: (server: string) => `Signed in to "${server}". You can close this tab; the dashboard connects by itself.`,
    invalidTitle: 'Sign-in link not valid',
    invalid:
      'This sign-in link is not valid: it was already used, it expired (after 10 minutes), the gateway was restarted since, or the dashboard did not start it. Go back to the dashboard and press Sign in again.',
    otherPerson:
      'This sign-in was started by another person of the team, or this browser is not signed in to the dashboard: your own sign-in to a server can only be finished in your own browser. Open the dashboard, sign in, and press Sign in on the card again.',
    deniedTitle: 'Not signed in',
    denied: (server: string, code: string) =>
      `The authorization server did not sign you in to "${server}" (it answered "${code}"). Go back to the dashboard and press Sign in to try again.`,
    failedTitle: 'Sign-in failed',
    failed: (server: string, reason: string) => `Signing in to "${server}" failed: ${reason}`,
  },
  ja: {
    signedInTitle: 'サインインしました',
    signedIn: (server: string) =>
      `「${server}」にサインインしました。このタブは閉じてかまいません。ダッシュボードは自動的に接続します。`,
    invalidTitle: 'サインインのリンクが無効です',
    invalid:
      'このサインインのリンクは無効です（使用済み、10 分の期限切れ、ゲートウェイの再起動後、またはダッシュボードが開始したものではありません）。ダッシュボードに戻り、もう一度「サインイン」を押してください。',
    otherPerson:
      'このサインインはチームの別の人が開始したものか、このブラウザーがダッシュボードにサインインしていません。サーバーへのご自身のサインインは、ご自身のブラウザーでのみ完了できます。ダッシュボードを開いてサインインし、カードの「サインイン」をもう一度押してください。',
    deniedTitle: 'サインインしていません',
    denied: (server: string, code: string) =>
      `認可サーバーは「${server}」へのサインインを完了しませんでした（応答: "${code}"）。ダッシュボードに戻り、もう一度「サインイン」を押してください。`,
    failedTitle: 'サインインに失敗しました',
    failed: (server: string, reason: string) => `「${server}」へのサインインに失敗しました: ${reason}`,
  },
};

/** The callback page's language, from the browser's Accept-Language (English unless Japanese comes first). */
export function pageLanguage(req: IncomingMessage): keyof typeof TEXT {
  const first =
    String(req.headers['accept-language'] ?? '')
      .split(',')[0]
      ?.trim()
      .toLowerCase() ?? '';
  return first.startsWith('ja') ? 'ja' : 'en';
}

/** The strings for `req`'s language. */
export function callbackText(req: IncomingMessage): (typeof TEXT)['en'] {
  return TEXT[pageLanguage(req)];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Writes the callback's answer: a small page with no script, no outside resources and no referrer
 * (its URL held the authorization code), never cached. Every piece of text is escaped.
 */
export function sendCallbackPage(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  title: string,
  message: string,
): void {
  const lang = pageLanguage(req);
  const nonce = randomBytes(16).toString('base64');
  const ok = status === 200;
  const body = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – MCP Dashboard</title>
<style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2328;background:#fff}
h1{font-size:1.4rem;color:${ok ? '#0d6b3c' : '#a4161a'}}@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}h1{color:${ok ? '#3fb950' : '#ff7b72'}}}</style>
</head><body><main><h1>${ok ? '\u2713' : '\u2717'} ${escapeHtml(title)}</h1><p id="message">${escapeHtml(message)}</p></main></body></html>
`;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'`,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
