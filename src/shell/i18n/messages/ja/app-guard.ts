import type { I18nMessage } from '../../../../core/shared/types.js';
import type { appGuard as en } from '../en/app-guard.js';

/** Japanese strings of the shell: what an MCP App view tried that the view guard blocked (shown on its card). */
export const appGuard: Record<keyof typeof en, I18nMessage> = {
  'app.guard.webrtc':
    'アプリが WebRTC を使おうとしました。ブラウザーは WebRTC の接続先を制限できないため、ダッシュボードはアプリのビューで WebRTC を無効にしています。何も送信されていません。',
  'app.guard.preconnect':
    'アプリが事前接続（preconnect または dns-prefetch のリンク）を開こうとしました。ブラウザーのコンテンツポリシーでは止められないため、ダッシュボードが取り除きました。何も送信されていません。',
  'app.guard.markup':
    'アプリが document.write または execCommand("insertHTML") を使いました。このようなマークアップはダッシュボードの確認をすり抜けるおそれがあるため、アプリのビューでは無効にしています。',
  'app.guard.unsafeMarkup':
    'アプリの HTML は読み直すたびに変わったため、ダッシュボードは確認できず、表示しませんでした。',
  'app.guard.javascriptFrame':
    'アプリがフレームに javascript: アドレスを読み込もうとしました。フレームは空のままにしました。',
};
