import { createHash } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { CredentialStore, type CredentialBackend } from './credential-store.js';

/**
 * @simplewebauthn/server, loaded at the first passkey request: with its X.509 and ASN.1 packages it was a third of
 * the gateway's start-up CPU, for a feature most starts never use.
 */
let webauthnModule: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webauthn = () => (webauthnModule ??= import('@simplewebauthn/server'));

/** Challenges live less than a minute (MCPlet §7.3.2: TTL < 60 s). */
export const CHALLENGE_TTL_MS = 55_000;

/** The relying party id. WebAuthn refuses IP addresses, so the dashboard is used at http://localhost:<port>. */
export const RP_ID = 'localhost';

interface ChallengeRecord {
  purpose: 'registration' | 'assertion';
  expires: number;
  /** For assertions: what the assertion authorises. */
  serverName?: string;
  toolName?: string;
  argumentsHash?: string;
}

/** A refusal the HTTP layer turns into a status and message. */
export class PasskeyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PasskeyError';
  }
}

/** The result of a backend's verification request. */
export type VerifyResult =
  { verified: true } | { verified: false; code: 'AUTH_FAILED' | 'AUTH_REQUIRED'; reason: string };

/** The `params._meta.mcplet_auth` payload (MCPlet §7.3.1) plus the credential id. */
export interface McpletAuthPayload {
  type: 'passkey_assertion';
  id: string;
  challenge: string;
  clientDataJSON: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string | null;
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value as Record<string, unknown>).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** SHA-256 of the canonical JSON of a tool call's arguments: an assertion authorises exactly these. */
export function hashArguments(args: unknown): string {
  return createHash('sha256')
    .update(canonical(args ?? {}))
    .digest('base64url');
}

function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The gateway's development FIDO2 server (MCPlet §7): registration of the local user's passkey,
 * short-lived single-use assertion challenges bound to one tool call (server, tool, arguments), and
 * server-to-server verification for MCPlet backends. Assertions are verified and forgotten; nothing
 * of them is logged or stored.
 */
export class DevFido2Server {
  private readonly challenges = new Map<string, ChallengeRecord>();
  private origins: string[] = [];
  readonly store: CredentialStore;

  constructor(
    options: {
      storeFile?: string;
      /** Where the credentials are kept instead of a file (team mode: the person's state). */
      backend?: CredentialBackend;
      rpName?: string;
      /** The relying party id (default `localhost`; in team mode the public address's host name). */
      rpId?: string;
      /** The person the passkey belongs to (team mode), shown by the authenticator. */
      userName?: string;
      now?: () => number;
    } = {},
  ) {
    this.store = new CredentialStore(options.storeFile, options.backend);
    this.rpName = options.rpName ?? 'MCP Dashboard (local)';
    this.rpId = options.rpId ?? RP_ID;
    this.userName = options.userName ?? 'dashboard-user';
    this.now = options.now ?? Date.now;
  }

  private readonly rpName: string;
  readonly rpId: string;
  private readonly userName: string;
  private readonly now: () => number;

  /** The page origins a ceremony may come from (http://localhost:<port> and allowed localhost dev origins). */
  setOrigins(origins: string[]): void {
    this.origins = origins.filter((o) => {
      try {
        return new URL(o).hostname === this.rpId;
      } catch {
        return false;
      }
    });
  }

  private remember(challenge: string, record: Omit<ChallengeRecord, 'expires'>): void {
    const now = this.now();
    for (const [key, r] of this.challenges) if (r.expires <= now) this.challenges.delete(key);
    this.challenges.set(challenge, { ...record, expires: now + CHALLENGE_TTL_MS });
  }

  /** Takes a challenge out (single use); undefined when unknown, used or expired. */
  private consume(challenge: string, purpose: ChallengeRecord['purpose']): ChallengeRecord | 'expired' | undefined {
    const record = this.challenges.get(challenge);
    if (!record || record.purpose !== purpose) return undefined;
    this.challenges.delete(challenge);
    return record.expires <= this.now() ? 'expired' : record;
  }

  /** How many passkeys are registered. */
  async status(): Promise<{ rpId: string; registered: number }> {
    return { rpId: this.rpId, registered: (await this.store.list()).length };
  }

  /** Registration options for the first passkey (a second one is refused: registration alone authorises nothing, but it must not let anyone add keys). */
  async registrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.store.list();
    if (existing.length > 0) {
      throw new PasskeyError(
        409,
        'A passkey is already registered for this dashboard. To register another one, restart the gateway (or delete its passkey store file).',
      );
    }
    const options = await (
      await webauthn()
    ).generateRegistrationOptions({
      rpName: this.rpName,
      rpID: this.rpId,
      userName: this.userName,
      userDisplayName: this.userName === 'dashboard-user' ? 'MCP Dashboard user' : this.userName,
      userID: Buffer.from(await this.store.userId(), 'base64url'),
      attestationType: 'none',
      timeout: CHALLENGE_TTL_MS,
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    this.remember(options.challenge, { purpose: 'registration' });
    return options;
  }

  /** Verifies a registration response and stores the new credential. */
  async verifyRegistration(response: RegistrationResponseJSON): Promise<{ registered: true; credentialId: string }> {
    const received = challengeOf(response?.response?.clientDataJSON ?? '');
    const record = received ? this.consume(received, 'registration') : undefined;
    if (!record)
      throw new PasskeyError(
        400,
        'The registration answered a challenge this server did not issue, or one already used.',
      );
    if (record === 'expired')
      throw new PasskeyError(
        400,
        'The registration took longer than the challenge allows (under 60 seconds). Try again.',
      );
    let verification;
    try {
      verification = await (
        await webauthn()
      ).verifyRegistrationResponse({
        response,
        expectedChallenge: received!,
        expectedOrigin: this.origins,
        expectedRPID: this.rpId,
        requireUserVerification: false,
      });
    } catch (error) {
      throw new PasskeyError(400, `The passkey registration could not be verified: ${(error as Error).message}`);
    }
    if (!verification.verified) throw new PasskeyError(400, 'The passkey registration could not be verified.');
    const { credential } = verification.registrationInfo;
    await this.store.add({
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports,
      createdAt: new Date().toISOString(),
    });
    return { registered: true, credentialId: credential.id };
  }

  /** Assertion options for one tool call; the challenge is bound to (server, tool, arguments). */
  async assertionOptions(binding: {
    serverName: string;
    toolName: string;
    arguments: unknown;
  }): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const credentials = await this.store.list();
    if (credentials.length === 0) throw new PasskeyError(409, 'No passkey is registered yet. Register one first.');
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({
      rpID: this.rpId,
      timeout: CHALLENGE_TTL_MS,
      userVerification: 'preferred',
      allowCredentials: credentials.map((c) => ({ id: c.id, transports: c.transports })),
    });
    this.remember(options.challenge, {
      purpose: 'assertion',
      serverName: binding.serverName,
      toolName: binding.toolName,
      argumentsHash: hashArguments(binding.arguments),
    });
    return options;
  }

  /**
   * Server-to-server verification (MCPlet §7.2 phase 6, §7.3.2): is this `mcplet_auth` a fresh,
   * valid assertion by the registered passkey for exactly this server, tool and arguments? The
   * challenge is consumed on the first attempt, so an assertion never works twice.
   */
  async verifyAssertion(
    serverName: string,
    body: { mcplet_auth?: unknown; toolName?: unknown; arguments?: unknown },
  ): Promise<VerifyResult> {
    const auth = body.mcplet_auth as Partial<McpletAuthPayload> | undefined;
    if (!auth || typeof auth !== 'object')
      return { verified: false, code: 'AUTH_REQUIRED', reason: 'No mcplet_auth payload was given.' };
    const fields = ['id', 'challenge', 'clientDataJSON', 'authenticatorData', 'signature'] as const;
    for (const field of fields) {
      if (typeof auth[field] !== 'string' || !auth[field])
        return { verified: false, code: 'AUTH_FAILED', reason: `mcplet_auth.${field} is missing.` };
    }
    const inClientData = challengeOf(auth.clientDataJSON!);
    if (!inClientData || inClientData !== auth.challenge)
      return { verified: false, code: 'AUTH_FAILED', reason: 'The challenge does not match the signed client data.' };
    const record = this.consume(inClientData, 'assertion');
    if (!record)
      return {
        verified: false,
        code: 'AUTH_FAILED',
        reason: 'Unknown or already used challenge (an assertion works once).',
      };
    if (record === 'expired')
      return {
        verified: false,
        code: 'AUTH_FAILED',
        reason: 'The challenge expired (assertions are valid for under 60 seconds).',
      };
    if (record.serverName !== serverName || record.toolName !== body.toolName) {
      return { verified: false, code: 'AUTH_FAILED', reason: 'The assertion was made for another tool call.' };
    }
    if (record.argumentsHash !== hashArguments(body.arguments)) {
      return { verified: false, code: 'AUTH_FAILED', reason: 'The arguments differ from the ones the user approved.' };
    }
    const credential = await this.store.get(auth.id!);
    if (!credential)
      return {
        verified: false,
        code: 'AUTH_FAILED',
        reason: 'The assertion comes from a passkey this dashboard does not know.',
      };
    const response: AuthenticationResponseJSON = {
      id: auth.id!,
      rawId: auth.id!,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: auth.clientDataJSON!,
        authenticatorData: auth.authenticatorData!,
        signature: auth.signature!,
        ...(typeof auth.userHandle === 'string' && auth.userHandle ? { userHandle: auth.userHandle } : {}),
      },
    };
    try {
      const result = await (
        await webauthn()
      ).verifyAuthenticationResponse({
        response,
        expectedChallenge: inClientData,
        expectedOrigin: this.origins,
        expectedRPID: this.rpId,
        requireUserVerification: false,
        credential: {
          id: credential.id,
          publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
          counter: credential.counter,
          transports: credential.transports,
        },
      });
      if (!result.verified)
        return { verified: false, code: 'AUTH_FAILED', reason: 'The passkey signature is not valid.' };
      await this.store.updateCounter(credential.id, result.authenticationInfo.newCounter);
      return { verified: true };
    } catch (error) {
      return {
        verified: false,
        code: 'AUTH_FAILED',
        reason: `The passkey assertion is not valid: ${(error as Error).message}`,
      };
    }
  }
}
