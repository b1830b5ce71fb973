import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { isStdioServer, type DashboardConfig } from '../../../src/core/shared/config/config-schema.js';
import type { OAuthServerConfig } from '../../../src/core/shared/config/oauth-config-schema.js';
import { ConfigFileError } from '../config/config.js';
import type { TeamSettings } from './settings.js';

/**
 * Sealing of a person's upstream OAuth record (docs/decisions/team-upstream-tokens.md): AES-256-GCM with a
 * random 12-byte IV per record and the person's subject and the server's name as additional authenticated
 * data, so a record moved to another person or another server does not decrypt.
 */

/** Where the key is named in the config (said in every message about it). */
export const TOKEN_KEY_AT = '/team/tokenKey';

/** One sealed record as it is stored: the IV, the ciphertext and the GCM tag (base64). */
export interface SealedRecord {
  iv: string;
  data: string;
  tag: string;
}

/** The 32-byte key from `team.tokenKey`'s text (64 hex digits, or base64 / base64url of 32 bytes); throws saying why not. */
export function parseTokenKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,2}$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  throw new Error(
    `it must be 32 random bytes written as 64 hex digits or as base64 (e.g. the output of "openssl rand -hex 32"); it is ${trimmed.length} characters that are neither`,
  );
}

/** The additional authenticated data of a record: whose it is and for which server. */
function aad(sub: string, server: string): Buffer {
  return Buffer.from(JSON.stringify(['mcp-dashboard/upstream-token/1', sub, server]), 'utf8');
}

/** Seals `value` (JSON) for `sub` on `server`. */
export function sealRecord(key: Buffer, sub: string, server: string, value: unknown): SealedRecord {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(sub, server));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64'), data: data.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

/** Opens a record sealed for `sub` on `server`; throws when the key, the person or the server differ, or it was changed. */
export function openRecord(key: Buffer, sub: string, server: string, sealed: SealedRecord): unknown {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(aad(sub, server));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const text = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as unknown;
}

/**
 * Whether a server's OAuth sign-in is each person's own in team mode: a remote server the gateway signs in to
 * with authorization code (not a machine grant, not a config that sends its own Authorization header), and not
 * named in `team.sharedSignIn`.
 */
export function signsInPerPerson(
  name: string,
  config: DashboardConfig['mcpServers'][string],
  team: Pick<TeamSettings, 'sharedSignIn'>,
): boolean {
  if (isStdioServer(config) || team.sharedSignIn.includes(name)) return false;
  const oauth = config.oauth as OAuthServerConfig | undefined;
  const headers = Object.keys(config.headers ?? {}).map((h) => h.toLowerCase());
  if (headers.includes('authorization') && !oauth) return false;
  return oauth?.grant !== 'client_credentials' && oauth?.grant !== 'cross_app_access';
}

/**
 * The key of the people's upstream tokens, or undefined when no server is signed in per person. Team mode with
 * such a server and no key, or a malformed one, stops the start naming `/team/tokenKey`.
 */
export function upstreamTokenKey(config: DashboardConfig, team: TeamSettings, configFile: string): Buffer | undefined {
  const personal = Object.entries(config.mcpServers)
    .filter(([name, entry]) => signsInPerPerson(name, entry, team))
    .map(([name]) => `"${name}"`);
  if (!personal.length) return undefined;
  if (!team.tokenKey)
    throw new ConfigFileError(configFile, [
      `at ${TOKEN_KEY_AT}: people sign in to ${personal.join(', ')} each with their own account, and their tokens are kept encrypted: set "tokenKey" to "\${env:NAME}" and export NAME as 32 random bytes (openssl rand -hex 32), or name the servers in /team/sharedSignIn to share one sign-in`,
    ]);
  try {
    return parseTokenKey(team.tokenKey);
  } catch (error) {
    throw new ConfigFileError(configFile, [`at ${TOKEN_KEY_AT}: ${(error as Error).message}`]);
  }
}
