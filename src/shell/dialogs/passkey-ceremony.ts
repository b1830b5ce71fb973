import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { PolicyClient } from '../../core/policy/policy-client.js';
import type { McpletAuthAssertion, PasskeyAuthenticator } from '../../core/policy/policy-gate.js';
import { PromptCancelledError, type McpPasskeyPrompt } from './passkey-prompt.js';
import { passkeyOriginProblem } from '../startup/canonical-origin.js';

/** The user cancelled (our Cancel button, Escape, or the browser's own passkey dialog). */
export class PasskeyCancelledError extends Error {
  constructor(message = 'You cancelled the passkey step.') {
    super(message);
    this.name = 'PasskeyCancelledError';
  }
}

function isCancel(error: unknown): boolean {
  const e = error as { name?: string; code?: string; cause?: { name?: string } } | undefined;
  return (
    error instanceof PromptCancelledError ||
    e?.name === 'AbortError' ||
    e?.code === 'ERROR_CEREMONY_ABORTED' ||
    e?.name === 'NotAllowedError' ||
    e?.cause?.name === 'NotAllowedError'
  );
}

/**
 * The WebUI passkey ceremony (MCPlet §7.2 phases 1–5) with @simplewebauthn/browser: checks WebAuthn
 * is available, registers the user's first passkey if none exists (phase 3), fetches a challenge
 * bound to this call from the gateway's FIDO2 server, asks the authenticator (phase 4) while the
 * prompt shows `auth.promptMessage`, and returns the assertion for `params._meta.mcplet_auth`
 * (phase 5). The assertion is handed to the invoker and nowhere else.
 */
export function createPasskeyAuthenticator(options: {
  client: PolicyClient;
  prompt: () => McpPasskeyPrompt;
  location?: Location;
}): PasskeyAuthenticator {
  return async (request) => {
    const location = options.location ?? window.location;
    const prompt = options.prompt();
    if (passkeyOriginProblem(location)) {
      throw new Error(
        prompt.t('passkey.wrongOrigin', {
          address: `http://localhost${location.port ? `:${location.port}` : ''}`,
          host: location.hostname,
        }),
      );
    }
    if (!browserSupportsWebAuthn()) throw new Error(prompt.t('passkey.unsupported'));
    try {
      return await prompt.run(
        { serverName: request.serverName, toolName: request.toolName, promptMessage: request.promptMessage },
        async (): Promise<McpletAuthAssertion> => {
          const status = await options.client.passkeyStatus();
          if (status.registered === 0) {
            prompt.setPhase(prompt.t('passkey.phase.register'));
            const creation = await options.client.registrationOptions<PublicKeyCredentialCreationOptionsJSON>();
            const registration = await startRegistration({ optionsJSON: creation });
            await options.client.verifyRegistration(registration);
            prompt.setPhase(prompt.t('passkey.phase.registered'));
          }
          const requestOptions = await options.client.assertionOptions<PublicKeyCredentialRequestOptionsJSON>({
            serverName: request.serverName,
            toolName: request.toolName,
            arguments: request.args,
          });
          const assertion = await startAuthentication({ optionsJSON: requestOptions });
          return {
            type: 'passkey_assertion',
            id: assertion.id,
            challenge: requestOptions.challenge,
            clientDataJSON: assertion.response.clientDataJSON,
            authenticatorData: assertion.response.authenticatorData,
            signature: assertion.response.signature,
            userHandle: assertion.response.userHandle ?? null,
          };
        },
        () => WebAuthnAbortService.cancelCeremony(),
      );
    } catch (error) {
      if (isCancel(error)) {
        throw new PasskeyCancelledError(
          error instanceof PromptCancelledError ? prompt.t('passkey.cancelled') : prompt.t('passkey.cancelledOrNone'),
        );
      }
      throw error;
    }
  };
}
