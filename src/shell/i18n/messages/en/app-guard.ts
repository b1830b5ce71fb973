import type { I18nMessage } from '../../../../core/shared/types.js';

/** English strings of the shell: what an MCP App view tried that the view guard blocked (shown on its card). */
export const appGuard = {
  'app.guard.webrtc':
    'The app tried to use WebRTC, which the dashboard turns off in app views: the browser cannot limit where WebRTC connects. Nothing was sent.',
  'app.guard.preconnect':
    'The app tried to open a connection ahead of time (a preconnect or dns-prefetch link), which the browser\u2019s content policy does not stop; the dashboard removed it. Nothing was sent.',
  'app.guard.markup':
    'The app used document.write or execCommand("insertHTML"), which the dashboard turns off in app views: such markup could slip past its checks.',
  'app.guard.unsafeMarkup':
    'The app\u2019s HTML changed each time it was read back, so the dashboard could not check it and did not show it.',
  'app.guard.javascriptFrame': 'The app tried to load a javascript: address in a frame; the frame was left empty.',
} satisfies Record<string, I18nMessage>;
