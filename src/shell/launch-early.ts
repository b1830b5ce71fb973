// Spends the launch code before the rest of the page's code is compiled and run (issue 18): the build
// makes this module its own small entry, which index.html loads before the dashboard's bundle (see
// vite.config.ts), so the exchange travels while the browser compiles the dashboard, and its answer
// carries what start-up reads next (the server list, the catalog, layouts, brand, policy settings).
// main.ts imports this module too: one module instance, whose result the dashboard takes over.

import { localhostUrlFor } from './canonical-origin.js';
import { takeToken, type LaunchProblem } from './token.js';

interface EarlyLaunch {
  origin: string;
  taken: Promise<{ token: string; startup?: Record<string, unknown> } | { problem: LaunchProblem }>;
}

function start(): EarlyLaunch | undefined {
  if (typeof window === 'undefined' || !/(?:^#|&)code=/.test(window.location.hash)) return undefined;
  // A page on 127.0.0.1 moves to localhost first, with the code (dashboard.ts): that page spends it.
  if (localhostUrlFor(window.location)) return undefined;
  const origin = window.location.origin;
  return { origin, taken: takeToken(origin, window.location, window.history, true) };
}

let early = start();

/** The early exchange for a page served from `baseUrl` (once), or undefined. */
export function takeEarlyLaunch(baseUrl: string): EarlyLaunch | undefined {
  const launch = early;
  early = undefined;
  return launch && launch.origin === baseUrl ? launch : undefined;
}
