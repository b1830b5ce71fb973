import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TeamPasskeyRule } from '../../../src/core/shared/team/team-config.js';
import { describeTeamPasskeyRule, teamPasskeyRule } from '../../../src/core/shared/team/team-passkeys.js';
import { sendJson } from '../http/http-io.js';
import type { PasskeyRoutes } from '../passkey/auth-routes.js';
import { CHALLENGE_TTL_MS, DevFido2Server, hashArguments, type VerifyResult } from '../passkey/fido2-server.js';
import type { BrowserSession, Person } from './browser-sessions.js';
import type { PersonState } from './person-state.js';

/** Keys of a person's state the gateway keeps for itself: the page can neither read nor write them. */
export const GATEWAY_KEYS = 'gateway/';
/** The key that holds a person's passkeys (public keys only). */
export const PASSKEYS_KEY = `${GATEWAY_KEYS}passkeys`;
/** A passkey may be registered only this soon after signing in (a stolen session cannot add a key later). */
export const REGISTER_WITHIN_MS = 15 * 60_000;

/** An assertion the gateway verified, kept so the MCPlet backend the call goes to may check it once too. */
interface Verified {
  server: string;
  tool: string;
  argumentsHash: string;
  expires: number;
}

/**
 * Team passkeys (docs/team.md, "Passkeys the gateway checks"): each person registers their own passkey (kept in
 * their state, public key only), asks for challenges bound to one call, and the gateway verifies the assertion of
 * every call a team passkey rule covers before it forwards the call. The WebAuthn relying party is the public
 * address's host name.
 */
export class TeamPasskeys {
  private readonly byPerson = new Map<string, DevFido2Server>();
  private readonly verified = new Map<string, Verified>();

  constructor(
    private readonly state: PersonState,
    private readonly rules: () => readonly TeamPasskeyRule[],
    private readonly publicOrigin: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The relying party id: the host name people open the dashboard at. */
  get rpId(): string {
    return new URL(this.publicOrigin).hostname;
  }

  /** The rule that covers a call, if any. */
  ruleFor(server: string, tool: { name: string; mcpletType?: string }): TeamPasskeyRule | undefined {
    return teamPasskeyRule(this.rules(), server, tool);
  }

  /** A person's FIDO2 server (their credentials, their challenges). */
  fido2For(person: Person): DevFido2Server {
    let fido2 = this.byPerson.get(person.sub);
    if (!fido2) {
      const state = this.state;
      fido2 = new DevFido2Server({
        rpName: 'MCP Dashboard',
        rpId: this.rpId,
        userName: person.email ?? person.name ?? person.sub,
        now: this.now,
        backend: {
          read: async () => (await state.all(person.sub))[PASSKEYS_KEY],
          write: (data) => state.set(person.sub, PASSKEYS_KEY, data),
        },
      });
      fido2.setOrigins([this.publicOrigin]);
      this.byPerson.set(person.sub, fido2);
    }
    return fido2;
  }

  /** Forgets a person's passkeys (an admin resets them: the person registers a new one after signing in again). */
  async reset(sub: string): Promise<void> {
    this.byPerson.delete(sub);
    await this.state.set(sub, PASSKEYS_KEY, undefined);
  }

  /** The page's `/auth/*` routes, for the person of the request. */
  async handleBrowser(
    routes: PasskeyRoutes,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    session: BrowserSession,
  ): Promise<void> {
    if (path === '/auth/registration/options' && this.now() - session.createdAt > REGISTER_WITHIN_MS) {
      sendJson(res, 403, {
        error: `A passkey can be registered only within ${REGISTER_WITHIN_MS / 60_000} minutes of signing in. Sign out, sign in again, and register it then.`,
      });
      return;
    }
    await routes.handleBrowser(req, res, path, this.fido2For(session.person), true);
  }

  /**
   * Verifies the assertion of a call a team rule covers, for the person making it: bound to this server, tool and
   * arguments, fresh, single use, by a passkey the person registered.
   */
  async verifyCall(person: Person, server: string, tool: string, args: unknown, meta: unknown): Promise<VerifyResult> {
    const mcpletAuth = (meta as { mcplet_auth?: unknown } | undefined)?.mcplet_auth;
    if (mcpletAuth === undefined)
      return { verified: false, code: 'AUTH_REQUIRED', reason: 'The call carries no passkey assertion.' };
    const result = await this.fido2For(person).verifyAssertion(server, {
      mcplet_auth: mcpletAuth,
      toolName: tool,
      arguments: args ?? {},
    });
    if (result.verified) {
      const challenge = (mcpletAuth as { challenge: string }).challenge;
      this.sweep();
      this.verified.set(challenge, {
        server,
        tool,
        argumentsHash: hashArguments(args ?? {}),
        expires: this.now() + CHALLENGE_TTL_MS,
      });
    }
    return result;
  }

  /**
   * An MCPlet backend (a `dashboard.passkeys.verifiers` server) checks the assertion of a call it received: the
   * gateway verified it on the way (the challenge is used up), so it says so once, for exactly that call.
   */
  async verifyForBackend(
    server: string,
    body: { mcplet_auth?: unknown; toolName?: unknown; arguments?: unknown },
  ): Promise<VerifyResult> {
    this.sweep();
    const challenge = (body.mcplet_auth as { challenge?: unknown } | undefined)?.challenge;
    const seen = typeof challenge === 'string' ? this.verified.get(challenge) : undefined;
    if (seen) {
      this.verified.delete(challenge as string);
      if (seen.server === server && seen.tool === body.toolName && seen.argumentsHash === hashArguments(body.arguments))
        return { verified: true };
      return { verified: false, code: 'AUTH_FAILED', reason: 'The assertion was made for another tool call.' };
    }
    for (const fido2 of this.byPerson.values()) {
      const result = await fido2.verifyAssertion(server, body);
      if (result.verified || !/Unknown or already used challenge/.test(result.reason)) return result;
    }
    return {
      verified: false,
      code: 'AUTH_FAILED',
      reason: 'Unknown or already used challenge (an assertion works once).',
    };
  }

  /** Words for a refusal: which rule asked for a passkey, and what was wrong. */
  refusal(rule: TeamPasskeyRule, result: Extract<VerifyResult, { verified: false }>): string {
    return `Your team asks for a passkey for ${describeTeamPasskeyRule(rule)} (team.passkeys), and the gateway did not accept this call's: ${result.reason}`;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, v] of this.verified) if (v.expires <= now) this.verified.delete(key);
  }
}
