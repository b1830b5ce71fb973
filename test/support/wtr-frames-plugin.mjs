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

/** Waits until the element's box is the same across two checks 50 ms apart (a card or tile can still be moving). */
async function waitStable(frame, selector, timeoutMs) {
  const start = Date.now();
  let last;
  for (;;) {
    const box = await (await frame.$(selector))?.boundingBox();
    const key = box && `${box.x},${box.y},${box.width},${box.height}`;
    if (key && key === last) return;
    if (Date.now() - start > timeoutMs) return;
    last = key;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Clicks an element like a user: real mouse events at its position on screen. Puppeteer computes the
 * point and then clicks it; if the page moved in between, the click lands elsewhere — a full run's load
 * once made a view's link miss its click. So the element's box must be stable first, and the click must
 * reach the element (checked with a capture listener); if it did not, it is clicked again, as a user would.
 */
async function clickLikeAUser(frame, selector, timeoutMs) {
  await frame.waitForSelector(selector, { timeout: timeoutMs });
  for (let attempt = 1; ; attempt++) {
    await frame.evaluate((sel) => {
      const el = globalThis.document.querySelector(sel);
      globalThis.__testClickReached = false;
      globalThis.addEventListener(
        'click',
        (e) => {
          if (el.contains(e.target)) globalThis.__testClickReached = true;
        },
        { capture: true, once: true },
      );
    }, selector);
    // Scrolled into view first: the click would scroll it otherwise, and across the frames' processes that
    // scroll lands after the click's point was computed (the first click into a view below the fold missed).
    await frame.evaluate(
      (sel) => globalThis.document.querySelector(sel)?.scrollIntoView({ block: 'center', inline: 'center' }),
      selector,
    );
    await waitStable(frame, selector, timeoutMs);
    await frame.click(selector);
    // A click that navigates the frame away ends its context: it certainly arrived.
    const reached = await frame.evaluate(() => globalThis.__testClickReached).catch(() => true);
    if (reached) {
      if (attempt > 1)
        console.log(`[view-click] ${selector} was reached on click ${attempt}: the earlier click landed elsewhere`);
      return { attempts: attempt };
    }
    if (attempt === 3) throw new Error(`3 clicks on ${selector} in the view never reached it`);
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
        case 'view-click':
          return clickLikeAUser(frame, payload.selector, payload.timeoutMs ?? 15_000);
        case 'view-url':
          return frame.url();
        default:
          return undefined;
      }
    },
  };
}
