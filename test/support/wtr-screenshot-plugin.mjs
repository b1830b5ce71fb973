// web-test-runner plugin for visual regression (MCP-WP §17.8): takes a PNG of a region of the
// test page through puppeteer, and reads or writes the committed baselines under test/browser/screenshots/.
// The pixel comparison runs in the page (test/support/visual.ts), so no image library is needed here.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { repoRoot } from './gateway-process.mjs';

const dir = join(repoRoot, 'test', 'browser', 'screenshots');
const safe = (name) => {
  if (!/^[a-z0-9][a-z0-9-]{0,80}$/.test(String(name))) throw new Error(`bad screenshot name ${name}`);
  return join(dir, `${name}.png`);
};

export function screenshotPlugin() {
  return {
    name: 'mcp-screenshot',
    async executeCommand({ command, payload, session }) {
      switch (command) {
        case 'screenshot-take': {
          if (session.browser.type !== 'puppeteer') return undefined;
          const page = session.browser.getPage(session.id);
          const { x, y, width, height } = payload.clip;
          const png = await page.screenshot({
            type: 'png',
            clip: { x, y, width, height },
            captureBeyondViewport: false,
          });
          return Buffer.from(png).toString('base64');
        }
        case 'screenshot-baseline': {
          try {
            return (await readFile(safe(payload.name))).toString('base64');
          } catch {
            return null;
          }
        }
        case 'screenshot-save': {
          const file = safe(payload.name);
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, Buffer.from(payload.png, 'base64'));
          return true;
        }
        case 'screenshot-update': {
          return process.env.UPDATE_SCREENSHOTS === '1';
        }
        default:
          return undefined;
      }
    },
  };
}
