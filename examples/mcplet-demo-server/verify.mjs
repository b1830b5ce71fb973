// Stateless backend verification (MCPlet §7.1.2, §7.2 phase 6): the assertion the host injected is sent
// to the FIDO2 server, which answers with a definitive yes or no. The gateway gives this server the
// endpoint and a verifier token through its environment (dashboard.passkeys.verifiers in the config).

const TIMEOUT_MS = 10_000;

/**
 * Verifies `mcpletAuth` for exactly this tool and these arguments.
 * Resolves `{ verified: true }` or `{ verified: false, code, reason }` with an MCPlet §9.1 code.
 */
export async function verifyAssertion({ mcpletAuth, toolName, args }) {
  if (!mcpletAuth || typeof mcpletAuth !== 'object') {
    return {
      verified: false,
      code: 'AUTH_REQUIRED',
      reason:
        'This action needs a passkey assertion in params._meta.mcplet_auth; none was sent. Call it from an MCPlet host that runs the passkey ceremony.',
    };
  }
  const url = process.env.MCPLET_FIDO2_VERIFY_URL;
  const token = process.env.MCPLET_FIDO2_VERIFY_TOKEN;
  if (!url || !token) {
    return {
      verified: false,
      code: 'SERVICE_UNAVAILABLE',
      reason: 'No FIDO2 server is configured for this server (list it in dashboard.passkeys.verifiers).',
    };
  }
  let response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ mcplet_auth: mcpletAuth, toolName, arguments: args }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return {
      verified: false,
      code: 'SERVICE_UNAVAILABLE',
      reason: `The FIDO2 server could not be reached (${error.name === 'TimeoutError' ? 'timed out' : 'connection failed'}).`,
    };
  }
  let body;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok || !body || typeof body.verified !== 'boolean') {
    return {
      verified: false,
      code: 'SERVICE_UNAVAILABLE',
      reason: `The FIDO2 server answered ${response.status}${body?.error ? `: ${body.error}` : ''}.`,
    };
  }
  if (body.verified) return { verified: true };
  return {
    verified: false,
    code: body.code === 'AUTH_REQUIRED' ? 'AUTH_REQUIRED' : 'AUTH_FAILED',
    reason: `Passkey verification failed: ${body.reason ?? 'no reason given'}`,
  };
}
