// web-test-runner plugin: gives a browser test a real WebAuthn authenticator — Chromium's virtual
// authenticator, driven over CDP (WebAuthn.enable, WebAuthn.addVirtualAuthenticator) on the puppeteer
// page of the test's session.

import { addVirtualAuthenticator } from './virtual-authenticator.mjs';

/** Sessions → { cdp, authenticatorId }. */
const active = new Map();

async function cdpFor(session) {
  if (session.browser.type !== 'puppeteer')
    throw new Error('The WebAuthn commands need the puppeteer (Chrome) launcher.');
  const page = session.browser.getPage(session.id);
  return page.createCDPSession();
}

export function webauthnPlugin() {
  return {
    name: 'webauthn-virtual-authenticator',
    async executeCommand({ command, payload, session }) {
      switch (command) {
        case 'webauthn-add-authenticator': {
          const cdp = await cdpFor(session);
          const authenticatorId = await addVirtualAuthenticator(cdp, {
            automaticPresenceSimulation: payload?.automaticPresence !== false,
          });
          active.set(session.id, { cdp, authenticatorId });
          return { authenticatorId };
        }
        case 'webauthn-presence': {
          const a = active.get(session.id);
          if (!a) throw new Error('No virtual authenticator in this session.');
          await a.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
            authenticatorId: a.authenticatorId,
            enabled: payload?.enabled !== false,
          });
          return true;
        }
        case 'webauthn-credentials': {
          const a = active.get(session.id);
          if (!a) return [];
          const { credentials } = await a.cdp.send('WebAuthn.getCredentials', { authenticatorId: a.authenticatorId });
          // Only what a test may assert on; never the private key.
          return credentials.map((c) => ({
            credentialId: c.credentialId,
            rpId: c.rpId,
            signCount: c.signCount,
            isResidentCredential: c.isResidentCredential,
          }));
        }
        case 'webauthn-remove-authenticator': {
          const a = active.get(session.id);
          active.delete(session.id);
          if (a) {
            await a.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: a.authenticatorId });
            await a.cdp.detach();
          }
          return true;
        }
        default:
          return undefined;
      }
    },
  };
}
