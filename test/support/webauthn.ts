// Browser-side helpers for Chromium's virtual authenticator (see wtr-webauthn-plugin.mjs).
import { executeServerCommand } from '@web/test-runner-commands';

/** Adds a virtual CTAP2 platform authenticator with user verification to this test's page. */
export async function addVirtualAuthenticator(options: { automaticPresence?: boolean } = {}): Promise<string> {
  const result = await executeServerCommand<{ authenticatorId: string }, { automaticPresence?: boolean }>(
    'webauthn-add-authenticator',
    options,
  );
  if (!result) throw new Error('webauthn-add-authenticator returned nothing');
  return result.authenticatorId;
}

/** Turns the simulated user touch on or off (off: a ceremony waits, as for a person who has not touched the key). */
export async function setUserPresence(enabled: boolean): Promise<void> {
  await executeServerCommand('webauthn-presence', { enabled });
}

/** The credentials the virtual authenticator holds (ids and counters only). */
export async function authenticatorCredentials(): Promise<
  Array<{ credentialId: string; rpId: string; signCount: number }>
> {
  return (
    (await executeServerCommand<
      Array<{ credentialId: string; rpId: string; signCount: number }>,
      Record<string, never>
    >('webauthn-credentials', {})) ?? []
  );
}

/** Removes the virtual authenticator. */
export async function removeVirtualAuthenticator(): Promise<void> {
  await executeServerCommand('webauthn-remove-authenticator', {});
}
