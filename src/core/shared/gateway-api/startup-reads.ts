// The reads start-up makes right after the page has its token, in parallel. Its own module:
// the page's early launch script (src/shell/startup/launch-early.ts) sends them before the rest of the page loads.

/** Gateway routes the dashboard reads at start-up. */
export const STARTUP_READS = [
  '/api/servers',
  '/api/catalog',
  '/api/layouts',
  '/api/brand',
  '/api/dashboard-config',
] as const;
