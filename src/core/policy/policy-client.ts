import { GatewayRequestError, type GatewayClient } from '../shared/gateway-api/gateway-client.js';

/**
 * The browser's side of the gateway's policy routes: `GET /api/dashboard-config` and the dev FIDO2
 * server's `/auth/*` (all with the dashboard token). Option and response objects are passed through
 * as JSON; the ceremony itself runs in the shell.
 */
export class PolicyClient {
  constructor(private readonly gateway: GatewayClient) {}

  private async request<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await this.gateway.fetch(`${this.gateway.baseUrl}${path}`, init);
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const message = (body as { error?: unknown } | undefined)?.error;
      throw new GatewayRequestError(
        response.status,
        typeof message === 'string' ? message : `The gateway answered ${response.status}.`,
      );
    }
    return body as T;
  }

  private post<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  }

  /** The public policy part of the config's `dashboard` object. */
  dashboardConfig(): Promise<Record<string, unknown>> {
    return this.gateway.dashboardConfig();
  }

  /** How many passkeys are registered, and the relying party id. */
  passkeyStatus(): Promise<{ rpId: string; registered: number }> {
    return this.request('/auth/status');
  }

  /** WebAuthn creation options (first-time registration). */
  registrationOptions<T = unknown>(): Promise<T> {
    return this.post('/auth/registration/options', {});
  }

  /** Sends the registration response for verification and storage. */
  verifyRegistration(response: unknown): Promise<{ registered: boolean }> {
    return this.post('/auth/registration/verify', response);
  }

  /** WebAuthn request options whose challenge is bound to this one tool call. */
  assertionOptions<T = unknown>(binding: {
    serverName: string;
    toolName: string;
    arguments: Record<string, unknown>;
  }): Promise<T> {
    return this.post('/auth/assertion/options', binding);
  }
}
