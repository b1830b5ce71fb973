import type { IncomingMessage, ServerResponse } from 'node:http';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { SERVER_NAME_PATTERN } from '../../../src/core/shared/config/config-schema.js';
import { bearerToken, generateToken, tokensEqual } from '../http/security.js';
import { DevFido2Server, PasskeyError, RP_ID, type VerifyResult } from './fido2-server.js';
import { readBody, sendJson } from '../http/http-io.js';

const MAX_BODY = 256 * 1024;
const ajv = new Ajv({ allErrors: true, strict: false });

/** A validator compiled at its first use: the passkey routes are not used by most gateway starts. */
function lazyCompile(
  schema: object,
): ((value: unknown) => boolean) & { readonly errors: ErrorObject[] | null | undefined } {
  let compiled: ValidateFunction | undefined;
  const validate = (value: unknown) => (compiled ??= ajv.compile(schema))(value);
  Object.defineProperty(validate, 'errors', { get: () => compiled?.errors });
  return validate as ((value: unknown) => boolean) & { readonly errors: ErrorObject[] | null | undefined };
}

const b64url = { type: 'string', minLength: 1, maxLength: 16384, pattern: '^[A-Za-z0-9_-]+={0,2}$' } as const;
const validateAssertionRequest = lazyCompile({
  type: 'object',
  required: ['serverName', 'toolName', 'arguments'],
  properties: {
    serverName: { type: 'string', pattern: SERVER_NAME_PATTERN },
    toolName: { type: 'string', minLength: 1, maxLength: 256 },
    arguments: { type: 'object' },
  },
  additionalProperties: false,
});
const validateRegistration = lazyCompile({
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: {
    id: b64url,
    rawId: b64url,
    type: { const: 'public-key' },
    response: {
      type: 'object',
      required: ['clientDataJSON', 'attestationObject'],
      properties: { clientDataJSON: b64url, attestationObject: b64url },
    },
  },
});
const validateVerify = lazyCompile({
  type: 'object',
  required: ['mcplet_auth', 'toolName'],
  properties: {
    mcplet_auth: { type: 'object' },
    toolName: { type: 'string', minLength: 1, maxLength: 256 },
    arguments: { type: 'object' },
  },
  additionalProperties: false,
});

const send = sendJson;
const readJson = (req: IncomingMessage) => readBody(req, MAX_BODY);

function describe(errors: typeof validateVerify.errors): string {
  return (errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is not valid'}`).join('; ');
}

/** Environment variables a verifier server gets (MCPlet backends call back to the gateway with them). */
export const VERIFY_URL_ENV = 'MCPLET_FIDO2_VERIFY_URL';
/** The verifier's own token, sent with its calls back to the gateway. */
export const VERIFY_TOKEN_ENV = 'MCPLET_FIDO2_VERIFY_TOKEN';

/**
 * The `/auth/*` routes of the dev FIDO2 server.
 * - Browser (needs the dashboard token): `GET /auth/status`, `POST /auth/registration/options`,
 *   `POST /auth/registration/verify`, `POST /auth/assertion/options`.
 * - Backends (needs a verifier token, given only to the servers named in `dashboard.passkeys.verifiers`
 *   through their environment): `POST /auth/verify-assertion`. The dashboard token is refused there, and
 *   verifier tokens are refused everywhere else.
 */
export class PasskeyRoutes {
  readonly fido2: DevFido2Server;
  /** verifier token → server name */
  private readonly verifierTokens = new Map<string, string>();
  private readonly tokenByServer = new Map<string, string>();
  private baseUrl = '';
  /** Team mode answers backends from the people's own passkeys (team/team-passkeys.ts). */
  backendVerifier:
    | ((server: string, body: { mcplet_auth: unknown; toolName: string; arguments?: unknown }) => Promise<VerifyResult>)
    | undefined;

  constructor(
    readonly enabled: boolean,
    options: { storeFile?: string; verifiers?: string[] } = {},
  ) {
    this.fido2 = new DevFido2Server({ storeFile: options.storeFile });
    for (const name of options.verifiers ?? []) {
      const token = generateToken();
      this.verifierTokens.set(token, name);
      this.tokenByServer.set(name, token);
    }
  }

  /** Called once the port is known. */
  listening(port: number, extraOrigins: string[]): void {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.fido2.setOrigins([`http://${RP_ID}:${port}`, ...extraOrigins]);
  }

  /** The environment a server's child process gets: the verify URL and its own verifier token (verifiers only). */
  envFor(serverName: string): Record<string, string> {
    const token = this.tokenByServer.get(serverName);
    if (!this.enabled || !token || !this.baseUrl) return {};
    return { [VERIFY_URL_ENV]: `${this.baseUrl}/auth/verify-assertion`, [VERIFY_TOKEN_ENV]: token };
  }

  private verifierFor(req: IncomingMessage): string | undefined {
    const given = bearerToken(req);
    if (!given) return undefined;
    for (const [token, name] of this.verifierTokens) if (tokensEqual(given, token)) return name;
    return undefined;
  }

  /** True when `path` is the backend route (checked before the dashboard token). */
  isBackendRoute(path: string): boolean {
    return path === '/auth/verify-assertion';
  }

  /** POST /auth/verify-assertion — backends only. */
  async handleBackend(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const server = this.verifierFor(req);
    if (!server) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      send(res, 401, {
        error:
          'This route needs a verifier token (given only to MCPlet backends named in dashboard.passkeys.verifiers).',
      });
      return;
    }
    if (req.method !== 'POST') return send(res, 405, { error: 'Method not allowed.' });
    if (!this.enabled)
      return send(res, 503, {
        verified: false,
        code: 'SERVICE_UNAVAILABLE',
        reason: 'Passkeys are turned off in the dashboard config.',
      });
    const body = await readJson(req);
    if (!body.ok) return send(res, body.status, { error: body.message });
    if (!validateVerify(body.value))
      return send(res, 400, { error: `Bad request: ${describe(validateVerify.errors)}` });
    const request = body.value as { mcplet_auth: unknown; toolName: string; arguments?: unknown };
    const result = this.backendVerifier
      ? await this.backendVerifier(server, request)
      : await this.fido2.verifyAssertion(server, request);
    send(res, 200, result);
  }

  /**
   * The browser's `/auth/*` routes (the dashboard token was checked by the caller). Team mode passes the
   * person's own FIDO2 server (their passkeys, their challenges).
   */
  async handleBrowser(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    fido2: DevFido2Server = this.fido2,
    enabled = this.enabled,
  ): Promise<void> {
    if (!enabled)
      return send(res, 503, { error: 'Passkeys are turned off in the dashboard config (dashboard.passkeys.enabled).' });
    try {
      if (path === '/auth/status' && req.method === 'GET') return send(res, 200, await fido2.status());
      if (req.method !== 'POST') return send(res, 404, { error: 'Not found.' });
      if (path === '/auth/registration/options') return send(res, 200, await fido2.registrationOptions());
      const body = await readJson(req);
      if (!body.ok) return send(res, body.status, { error: body.message });
      if (path === '/auth/registration/verify') {
        if (!validateRegistration(body.value))
          return send(res, 400, { error: `Bad registration response: ${describe(validateRegistration.errors)}` });
        return send(res, 200, await fido2.verifyRegistration(body.value as RegistrationResponseJSON));
      }
      if (path === '/auth/assertion/options') {
        if (!validateAssertionRequest(body.value))
          return send(res, 400, { error: `Bad request: ${describe(validateAssertionRequest.errors)}` });
        return send(
          res,
          200,
          await fido2.assertionOptions(body.value as { serverName: string; toolName: string; arguments: unknown }),
        );
      }
      send(res, 404, { error: 'Not found.' });
    } catch (error) {
      if (error instanceof PasskeyError) return send(res, error.status, { error: error.message });
      throw error;
    }
  }
}
