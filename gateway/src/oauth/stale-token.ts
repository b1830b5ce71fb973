import type { FetchLike } from '@modelcontextprotocol/client';

/**
 * One request to the MCP endpoint, sent again with `current` when it was refused (401) with another token: a request
 * that left before another one refreshed the tokens. The SDK would otherwise refresh once more on that 401, which a
 * server that rotates refresh tokens may refuse as reuse, asking the person to sign in again (seen as two refreshes
 * for one expiry in gateway-oauth.test.ts). Bodies other than a string cannot be sent twice; those stay refused.
 */
export async function resendWithCurrentToken(
  fetchFn: FetchLike,
  input: string | URL,
  init: RequestInit | undefined,
  refused: Response,
  current: string | undefined,
): Promise<Response> {
  const sent = /^Bearer (\S+)$/i.exec(new Headers(init?.headers).get('authorization') ?? '')?.[1];
  if (!sent || !current || sent === current || (init?.body !== undefined && typeof init.body !== 'string'))
    return refused;
  await refused.body?.cancel();
  const headers = new Headers(init?.headers);
  headers.set('authorization', `Bearer ${current}`);
  return fetchFn(input, { ...init, headers });
}
