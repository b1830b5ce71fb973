// Spends the launch code before the rest of the page's code is compiled and run: the build
// makes this module its own small entry, which index.html loads before the dashboard's bundle (see
// vite.config.ts), so the exchange travels while the browser compiles the dashboard, and its answer
// carries what start-up reads next (the server list, the catalog, layouts, brand, policy settings).
// main.ts imports this module too: one module instance, whose result the dashboard takes over.

import { localhostUrlFor } from './canonical-origin.js';
import { takeToken, type LaunchProblem } from './token.js';
import { Configuration, DEFAULT_DB_NAME } from '../../core/services/configuration.js';
import { openPolicyDatabase, type PolicyDatabase } from '../../core/policy/policy-db.js';

interface EarlyLaunch {
  origin: string;
  taken: Promise<{ token: string; startup?: Record<string, unknown> } | { problem: LaunchProblem }>;
}

/** The page's settings and policy databases, opened (and the settings read) before the dashboard's code runs. */
interface EarlySettings {
  configuration: Configuration;
  loaded: Promise<void>;
  policyDb: Promise<PolicyDatabase | undefined>;
}

function openSettings(): EarlySettings | undefined {
  // Only on the dashboard's own page (it has the element), and not on a page about to move to localhost.
  if (
    typeof indexedDB === 'undefined' ||
    typeof document === 'undefined' ||
    !document.querySelector('mcp-dashboard') ||
    localhostUrlFor(window.location)
  )
    return undefined;
  const configuration = new Configuration({ dbName: DEFAULT_DB_NAME });
  // Failures are the dashboard's to report: it opens the same databases again where these did not open.
  const policyDb = openPolicyDatabase(`${DEFAULT_DB_NAME}-policy`).catch(() => undefined);
  return { configuration, loaded: configuration.load(), policyDb };
}

function start(): EarlyLaunch | undefined {
  if (typeof window === 'undefined' || !/(?:^#|&)code=/.test(window.location.hash)) return undefined;
  // A page on 127.0.0.1 moves to localhost first, with the code (dashboard.ts): that page spends it.
  if (localhostUrlFor(window.location)) return undefined;
  const origin = window.location.origin;
  return { origin, taken: takeToken(origin, window.location, window.history, true) };
}

let early = start();
let settings = openSettings();

/** The settings opened early, for a dashboard that uses the default database (once), or undefined. */
export function takeEarlySettings(dbName: string | undefined): EarlySettings | undefined {
  const opened = settings;
  settings = undefined;
  return opened && (dbName ?? DEFAULT_DB_NAME) === DEFAULT_DB_NAME ? opened : undefined;
}

/** The early exchange for a page served from `baseUrl` (once), or undefined. */
export function takeEarlyLaunch(baseUrl: string): EarlyLaunch | undefined {
  const launch = early;
  early = undefined;
  return launch && launch.origin === baseUrl ? launch : undefined;
}
