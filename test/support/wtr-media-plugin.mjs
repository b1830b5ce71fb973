// web-test-runner plugin: media features and zoom through the Chrome DevTools Protocol.
// Puppeteer's emulateMediaFeatures refuses prefers-contrast and forced-colors, so this talks CDP directly.

export function mediaPlugin() {
  const sessions = new WeakMap();
  const cdp = async (session) => {
    const page = session.browser.getPage(session.id);
    let client = sessions.get(page);
    if (!client) {
      client = await page.createCDPSession();
      sessions.set(page, client);
    }
    return { page, client };
  };
  return {
    name: 'mcp-media',
    async executeCommand({ command, payload, session }) {
      if (session.browser.type !== 'puppeteer') return undefined;
      switch (command) {
        case 'emulate-media-features': {
          // payload: { features: [{ name: 'prefers-contrast', value: 'more' }, …] }; [] clears every override.
          const { client } = await cdp(session);
          await client.send('Emulation.setEmulatedMedia', { media: '', features: payload?.features ?? [] });
          return true;
        }
        case 'set-zoom': {
          // Browser zoom of `factor` on a window of width × height CSS px: the layout viewport shrinks by
          // the factor and each CSS px covers `factor` device px — what Ctrl + does.
          const { page } = await cdp(session);
          const { width = 1280, height = 800, factor = 1 } = payload ?? {};
          await page.setViewport({
            width: Math.round(width / factor),
            height: Math.round(height / factor),
            deviceScaleFactor: factor,
          });
          return true;
        }
        default:
          return undefined;
      }
    },
  };
}
