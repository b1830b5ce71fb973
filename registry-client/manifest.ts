import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import semver from 'semver';
import type { TrustLevel, WidgetPermissions } from '../src/core/shared/types.js';
import { RegistryError } from './errors.js';
import { WIDGET_PERMISSIONS_SCHEMA } from '../src/core/shared/config/widget-permissions-schema.js';

/** The MCP-WP version this host implements; a package needing a newer one is refused (MCP-WP-16.4.1 step 3). */
export const HOST_MCPWP_VERSION = '1.0.0';

/** `signature` of a verified widget (MCP-WP-4.1.1 WidgetSignature). */
export interface WidgetSignature {
  algorithm: 'ES256' | 'RS256';
  /** Base64 of the DER SubjectPublicKeyInfo of the publisher's key. */
  publicKey: string;
  /** Base64 of the raw (r‖s) ES256 signature over the canonical manifest without `signature.signature`. */
  signature: string;
  signedAt: string;
  publisher: { name: string; email?: string; url?: string };
}

/** A package manifest, `widget.json` (MCP-WP-16.2.1, 16.2.2), with the §4.1 trust fields it may carry. */
export interface WidgetManifest {
  name: string;
  version: string;
  description?: string;
  bundle: string;
  integrity: string;
  mcpwpVersion: string;
  dependencies?: Record<string, string>;
  repository?: { type: string; url: string; commit?: string; version?: string; license?: string };
  license?: string;
  author?: { name: string; email?: string; url?: string };
  keywords?: string[];
  mcpServers?: string[];
  /** Extension: what the user sees in the install panel. */
  displayName?: string;
  icon?: string;
  trustLevel?: TrustLevel;
  permissions?: WidgetPermissions;
  signature?: WidgetSignature;
  [key: string]: unknown;
}

/** npm-style package names (optionally scoped); they also become URL path segments. */
export const PACKAGE_NAME_PATTERN = '^(@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*$';

const permissionsSchema = WIDGET_PERMISSIONS_SCHEMA;

const person = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, email: { type: 'string' }, url: { type: 'string' } },
} as const;

/** JSON Schema (draft-07) of `widget.json`. */
export const manifestSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['name', 'version', 'bundle', 'integrity', 'mcpwpVersion'],
  properties: {
    name: { type: 'string', maxLength: 214, pattern: PACKAGE_NAME_PATTERN },
    version: { type: 'string', minLength: 1, maxLength: 64 },
    description: { type: 'string', maxLength: 2000 },
    bundle: { type: 'string', minLength: 1, maxLength: 2048 },
    integrity: { type: 'string' },
    mcpwpVersion: { type: 'string', minLength: 1, maxLength: 64 },
    dependencies: {
      type: 'object',
      maxProperties: 32,
      propertyNames: { pattern: PACKAGE_NAME_PATTERN, maxLength: 214 },
      additionalProperties: { type: 'string', minLength: 1, maxLength: 128 },
    },
    repository: {
      type: 'object',
      required: ['type', 'url'],
      properties: { type: { enum: ['git', 'npm', 'github', 'custom'] }, url: { type: 'string' } },
    },
    license: { type: 'string' },
    author: person,
    keywords: { type: 'array', items: { type: 'string' }, maxItems: 50 },
    mcpServers: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 100 },
    displayName: { type: 'string', maxLength: 200 },
    icon: { type: 'string', maxLength: 64 },
    trustLevel: { enum: ['untrusted', 'community', 'verified', 'enterprise'] },
    permissions: permissionsSchema,
    signature: {
      type: 'object',
      required: ['algorithm', 'publicKey', 'signature', 'signedAt', 'publisher'],
      properties: {
        algorithm: { enum: ['ES256', 'RS256'] },
        publicKey: { type: 'string', minLength: 1 },
        signature: { type: 'string', minLength: 1 },
        signedAt: { type: 'string' },
        publisher: person,
      },
    },
  },
} as const;

// Compiled on first use, not when the module loads: the registry code loads during start-up, and
// most sessions validate no manifest at all (the compile cost ~90 ms of the first second).
let compiled: ValidateFunction | undefined;
const manifestValidator = (): ValidateFunction =>
  (compiled ??= new Ajv({ allErrors: true, strict: false, validateSchema: false }).compile(manifestSchema));

function describe(errors: ErrorObject[]): string {
  return errors
    .slice(0, 5)
    .map((e) => {
      const at = e.instancePath || '(top level)';
      const p = e.params as Record<string, unknown>;
      if (e.keyword === 'required') return `${at}: missing "${String(p.missingProperty)}"`;
      if (e.keyword === 'pattern' && e.instancePath === '/name') return '/name: is not an npm-style package name';
      return `${at}: ${e.message ?? 'is not valid'}`;
    })
    .join('; ');
}

/** Parses the text of a `widget.json`; a syntax error is its own refusal. */
export function parseManifestText(text: string, context: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RegistryError(
      'invalid-json',
      `The manifest of ${context} is not valid JSON (${(error as Error).message}); nothing was installed.`,
    );
  }
}

/**
 * Validates a manifest (MCP-WP-16.2.2) and that it is the package we asked for. Integrity problems
 * are reported one by one (missing, empty, wrong algorithm, malformed) before the schema runs,
 * because each is its own refusal (MCP-WP-4.2.10, 16.6.1).
 */
export function validateManifest(value: unknown, expected: { name: string; version?: string }): WidgetManifest {
  const label = expected.version ? `${expected.name}@${expected.version}` : expected.name;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RegistryError(
      'invalid-manifest',
      `The manifest of ${label} is not a JSON object; nothing was installed.`,
      expected.name,
    );
  }
  const m = value as Record<string, unknown>;
  if (typeof m.name === 'string' && m.name !== expected.name) {
    throw new RegistryError(
      'name-mismatch',
      `The registry answered a request for ${expected.name} with the manifest of "${m.name}". This package was refused; the registry may be misconfigured or compromised.`,
      expected.name,
    );
  }
  if (expected.version && typeof m.version === 'string' && m.version !== expected.version) {
    throw new RegistryError(
      'version-mismatch',
      `The registry answered a request for ${label} with a manifest for version ${m.version}. This package was refused.`,
      expected.name,
      expected.version,
    );
  }
  checkIntegrityField(m.integrity, label, expected.name);
  const validate = manifestValidator();
  if (!validate(value)) {
    throw new RegistryError(
      'invalid-manifest',
      `The manifest of ${label} is not a valid widget.json: ${describe(validate.errors ?? [])}. Nothing was installed.`,
      expected.name,
    );
  }
  const manifest = value as WidgetManifest;
  if (!semver.valid(manifest.version)) {
    throw new RegistryError(
      'invalid-manifest',
      `The manifest of ${label} has version "${manifest.version}", which is not a semantic version.`,
      expected.name,
    );
  }
  for (const [dep, range] of Object.entries(manifest.dependencies ?? {})) {
    if (!semver.validRange(range)) {
      throw new RegistryError(
        'invalid-manifest',
        `${label} depends on ${dep} "${range}", which is not a semver range.`,
        expected.name,
        manifest.version,
      );
    }
  }
  checkMcpwpVersion(manifest);
  return manifest;
}

/** Refuses a missing, empty, non-sha256 or malformed integrity value (fail closed, MCP-WP-16.6.1). */
export function checkIntegrityField(integrity: unknown, label: string, name?: string): void {
  if (integrity === undefined || integrity === null) {
    throw new RegistryError(
      'integrity-missing',
      `${label} has no "integrity" value, so its bundle cannot be verified. It was refused (MCP-WP-16.6.1).`,
      name,
    );
  }
  if (typeof integrity !== 'string' || integrity.trim() === '') {
    throw new RegistryError(
      'integrity-missing',
      `${label} has an empty "integrity" value, so its bundle cannot be verified. It was refused (MCP-WP-16.6.1).`,
      name,
    );
  }
  const algorithm = /^([a-z0-9]+)-/i.exec(integrity)?.[1];
  if (algorithm && algorithm.toLowerCase() !== 'sha256') {
    throw new RegistryError(
      'integrity-algorithm',
      `${label} gives a ${algorithm} integrity value; this dashboard requires sha256-<base64> (MCP-WP-4.2.10). It was refused.`,
      name,
    );
  }
  if (!/^sha256-[A-Za-z0-9+/]{43}=$/.test(integrity)) {
    throw new RegistryError(
      'integrity-malformed',
      `${label} has a malformed integrity value "${integrity.slice(0, 80)}"; it must be sha256- followed by the base64 of 32 bytes. It was refused.`,
      name,
    );
  }
}

/** MCP-WP-16.4.1 step 3: the package's minimum protocol version must not be newer than ours. */
export function checkMcpwpVersion(manifest: WidgetManifest): void {
  const needed = semver.coerce(manifest.mcpwpVersion);
  if (!needed) {
    throw new RegistryError(
      'invalid-manifest',
      `${manifest.name}@${manifest.version} gives mcpwpVersion "${manifest.mcpwpVersion}", which is not a version.`,
      manifest.name,
      manifest.version,
    );
  }
  if (semver.gt(needed, HOST_MCPWP_VERSION)) {
    throw new RegistryError(
      'mcpwp-version',
      `${manifest.name}@${manifest.version} needs MCP-WP ${needed.version}, but this dashboard implements MCP-WP ${HOST_MCPWP_VERSION}. Install an older version of the widget or update the dashboard.`,
      manifest.name,
      manifest.version,
    );
  }
}

/** The trust level a package claims; `enterprise` is granted only by the dashboard config (ARCHITECTURE.md). */
export function claimedTrust(manifest: WidgetManifest): TrustLevel {
  if (manifest.trustLevel === 'enterprise') {
    throw new RegistryError(
      'trust-claim',
      `${manifest.name}@${manifest.version} claims "enterprise" trust. Only your dashboard's config can grant enterprise trust, never a package; it was refused.`,
      manifest.name,
      manifest.version,
    );
  }
  return manifest.trustLevel ?? 'untrusted';
}
