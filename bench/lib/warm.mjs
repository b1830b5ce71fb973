// Waiting for the gateway's warm servers and its discovery catalog before a bench opens the page.

/**
 * Resolves with the wall-clock time (ms) at which the gateway was first fully ready: GET /api/servers
 * said every enabled stdio server is "running" (its warm process has loaded) or "idle" (shared: nothing to warm) and
 * GET /api/catalog had no "pending" entry (each is "ready" or "unavailable"); checks every 25 ms, for up to
 * `timeoutMs`.
 */
export async function untilWarm(gateway, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  const get = async (path) =>
    (await fetch(`${gateway.origin}${path}`, { headers: { Authorization: `Bearer ${gateway.token}` } })).json();
  for (;;) {
    const { servers } = await get('/api/servers');
    const waiting = servers
      // "idle": nothing to keep warm — a shared server (the default config's) starts its one process with the
      // first session; its catalog entry below says when discovery has its lists.
      .filter((s) => s.transport === 'stdio' && !s.disabled && s.state !== 'running' && s.state !== 'idle')
      .map((s) => `${s.name} (${s.state})`);
    if (waiting.length === 0) {
      const catalog = await get('/api/catalog');
      for (const [name, entry] of Object.entries(catalog.servers ?? {}))
        if (entry.state === 'pending') waiting.push(`${name} (catalog pending)`);
    }
    if (waiting.length === 0) return Date.now();
    if (Date.now() > deadline) throw new Error(`servers not ready after ${timeoutMs} ms: ${waiting.join(', ')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
