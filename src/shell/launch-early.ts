// Spends the launch code before the rest of the page's code is evaluated (issue 18): main.ts imports
// this module first, so the exchange — and, once the token is known, the reads start-up needs next —
// travel while the browser evaluates the dashboard's modules, instead of after.

import { localhostUrlFor } from './canonical-origin.js';
import { takeToken, type LaunchProblem } from './token.js';
import { STARTUP_READS } from '../core/gateway-client.js';


interface EarlyLaunch {
  origin: string;
  taken: Promise<{ token: string } | { problem: LaunchProblem }>;
  reads: Map<string, Promise<Response>>;
}

function start(): EarlyLaunch | undefined {
  if (typeof window === 'undefined' || !/(?:^#|&)code=/.test(window.location.hash)) return undefined;
  // A page on 127.0.0.1 moves to localhost first, with the code (dashboard.ts): that page spends it.
  if (localhostUrlFor(window.location)) return undefined;
  const origin = window.location.origin;
  const reads = new Map<string, Promise<Response>>();
  const taken = takeToken(origin).then((result) => {
    if ('token' in result) {
      for (const path of STARTUP_READS) {
        const read = fetch(`${origin}${path}`, { headers: { Authorization: `Bearer ${result.token}` } });
        read.catch(() => {});
        reads.set(path, read);
      }
    }
    return result;
  });
  return { origin, taken, reads };
}

let early = start();

/** The early exchange's outcome for a page served from `baseUrl` (once), or undefined. */
export function takeEarlyLaunch(baseUrl: string): EarlyLaunch | undefined {
  const launch = early;
  early = undefined;
  return launch && launch.origin === baseUrl ? launch : undefined;
}
