// Waiting for the gateway's warm servers (issue 18) before a bench opens the page.

/**
 * Resolves with the wall-clock time (ms) at which GET /api/servers first said every enabled stdio
 * server is "running" (its warm process has loaded); checks every 25 ms, for up to `timeoutMs`.
 */
export async function untilWarm(gateway, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${gateway.origin}/api/servers`, { headers: { Authorization: `Bearer ${gateway.token}` } });
    const { servers } = await res.json();
    const waiting = servers.filter((s) => s.transport === 'stdio' && !s.disabled && s.state !== 'running');
    if (waiting.length === 0) return Date.now();
    if (Date.now() > deadline) throw new Error(`servers not warm after ${timeoutMs} ms: ${waiting.map((s) => `${s.name} (${s.state})`).join(', ')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
