// web-test-runner plugin: lets a browser test look into MCP App views. A view runs two frames deep
// on other origins (dashboard → sandbox proxy → view), where the test page's own script cannot
// reach — which is the point of the sandbox. The test drives them the way a user's browser does,
// through the puppeteer page of its session (DevTools protocol): real clicks, real evaluation.

/** The proxy frame of a view (its URL carries `view=<id>`) and the view's own frame inside it. */
function viewFrames(page, viewId) {
  const proxy = page.frames().find((f) => {
    try {
      return new URL(f.url()).searchParams.get('view') === viewId;
    } catch {
      return false;
    }
  });
  return { proxy, inner: proxy?.childFrames()[0] };
}

async function waitForFrame(page, viewId, which, timeoutMs) {
  const start = Date.now();
  for (;;) {
    const frames = viewFrames(page, viewId);
    if (frames[which]) return frames[which];
    if (Date.now() - start > timeoutMs) throw new Error(`no ${which} frame for view ${viewId} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function framesPlugin() {
  return {
    name: 'mcp-frames',
    async executeCommand({ command, payload, session }) {
      if (!command.startsWith('view-')) return undefined;
      const page = session.browser.getPage(session.id);
      const which = payload.frame ?? 'inner';
      const frame = await waitForFrame(page, payload.viewId, which, payload.timeoutMs ?? 15_000);
      switch (command) {
        case 'view-eval': {
          // `expression` is a function body; its (JSON-serialisable) return value comes back.
          return frame.evaluate(`(async () => { ${payload.expression} })()`);
        }
        case 'view-click': {
          await frame.waitForSelector(payload.selector, { timeout: payload.timeoutMs ?? 15_000 });
          await frame.click(payload.selector);
          return true;
        }
        case 'view-url':
          return frame.url();
        default:
          return undefined;
      }
    },
  };
}
