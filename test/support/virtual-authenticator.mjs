// Chromium's virtual authenticator over CDP (the WebAuthn domain), as every passkey test and bench uses it:
// a platform authenticator with user verification that answers at once. Works on a puppeteer or a
// playwright-core CDP session.

/** The authenticator's options (WebAuthn.addVirtualAuthenticator). */
export const VIRTUAL_AUTHENTICATOR = Object.freeze({
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
});

/**
 * Enables WebAuthn on `cdp` (without Chromium's own UI) and adds the authenticator, with `options` over the
 * defaults; resolves with its id.
 * @param {{ send(method: string, params?: object): Promise<any> }} cdp
 * @param {Partial<typeof VIRTUAL_AUTHENTICATOR>} [options]
 * @returns {Promise<string>}
 */
export async function addVirtualAuthenticator(cdp, options = {}) {
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { ...VIRTUAL_AUTHENTICATOR, ...options },
  });
  return authenticatorId;
}
