import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { ConnectionProblem } from '../../src/core/shared/gateway-api/connection-problem.js';
import { formatMessage } from '../../src/core/services/message-format.js';
import { doctorText } from '../../src/shell/card/connection-doctor-text.js';
import { en } from '../../src/shell/i18n/messages/en.js';
import { ja } from '../../src/shell/i18n/messages/ja.js';
import * as doctor from '../../gateway/src/doctor/diagnoses.js';
import {
  AuthorizationServerMismatchError,
  InsecureTokenEndpointError,
  InsufficientScopeError,
  IssuerMismatchError,
  OAuthError,
  RegistrationRejectedError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import {
  describeAuthFailure,
  scopeFailure,
  scopeHeldFailure,
  type AuthFailure,
} from '../../gateway/src/oauth/errors.js';
import { authConnectionProblem } from '../../gateway/src/oauth/auth-problem.js';
import { NotJsonAnswerError, RegistrationConsentNeeded } from '../../gateway/src/oauth/oauth-fetch.js';
import { checkOutboundUrl, refusalText, type RefusalReason } from '../../gateway/src/net/outbound-guard.js';

// The card shows the doctor's diagnosis from its catalogs (so it can be translated); in English it
// must read exactly as the gateway's own sentence, which the terminal prints. Every kind the gateway
// produces is covered, in every variant.
const site = { name: 'notes', configFile: '/home/me/.cursor/mcp.json' };
const seen = (over: Partial<Parameters<typeof doctor.httpProblem>[3] & object> = {}) => ({
  method: 'POST',
  url: 'https://h.example/mcp',
  status: 200,
  statusText: 'OK',
  contentType: 'text/html',
  html: true,
  challenge: false,
  ...over,
});
const errno = (code: string, message = code) => Object.assign(new Error(message), { code });
const fetchFailure = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: errno(code) });

const SAMPLES: ConnectionProblem[] = [
  doctor.spawnProblem(site, 'no-such', '/tmp', errno('ENOENT')),
  doctor.spawnProblem(site, 'x', '/definitely/not/here', errno('ENOENT')),
  doctor.spawnProblem(site, './x.sh', '/tmp', errno('EACCES')),
  doctor.spawnProblem(site, 'x', '/tmp', errno('E2BIG', 'argument list too long')),
  doctor.exitProblem(site, 'node', { code: 3, signal: null }, ['Error: no key'], 'before it answered "initialize"'),
  doctor.exitProblem(site, 'node', { code: null, signal: 'SIGKILL' }, [], 'before it answered "initialize"'),
  doctor.exitProblem(site, 'node', undefined, [], 'before it answered "initialize"'),
  doctor.crashLoopProblem(site, 'node', 5, 'exited with code 3', ['Error: no key']),
  doctor.httpProblem(site, 'https://h.example/mcp', fetchFailure('CERT_HAS_EXPIRED'), undefined, 'streamable-http'),
  doctor.httpProblem(site, 'http://127.0.0.1:9/mcp', fetchFailure('ECONNREFUSED'), undefined, 'streamable-http'),
  doctor.httpProblem(site, 'https://nope.invalid/mcp', fetchFailure('ENOTFOUND'), undefined, 'streamable-http'),
  doctor.httpProblem(site, 'https://h.example/mcp', fetchFailure('ECONNRESET'), undefined, 'streamable-http'),
  doctor.httpProblem(site, 'https://h.example/mcp', new Error('something odd'), undefined, 'streamable-http'),
  doctor.httpProblem(
    site,
    'https://h.example/mcp',
    new Error('401'),
    seen({ status: 401, html: false }),
    'streamable-http',
  ),
  doctor.httpProblem(
    site,
    'https://h.example/mcp',
    new Error('403'),
    seen({ status: 403, html: false }),
    'streamable-http',
  ),
  doctor.httpProblem(site, 'https://h.example/mcp', new Error('html'), seen(), 'streamable-http'),
  doctor.httpProblem(
    site,
    'https://h.example/mcp',
    new Error('xml'),
    seen({ html: false, contentType: 'application/xml' }),
    'streamable-http',
  ),
  doctor.httpProblem(
    site,
    'https://h.example/mcp',
    new Error('500'),
    seen({ status: 500, statusText: 'Internal Server Error', html: false, contentType: 'text/plain' }),
    'streamable-http',
  ),
  doctor.httpProblem(
    site,
    'https://h.example/mcp',
    new Error('404'),
    seen({ status: 404, statusText: '', html: false, contentType: 'text/plain' }),
    'streamable-http',
  ),
  doctor.httpProblem(
    site,
    'https://h.example/mcp',
    new Error('429'),
    seen({ status: 429, statusText: 'Too Many Requests', html: false, contentType: 'text/plain' }),
    'streamable-http',
  ),
  doctor.initializeErrorProblem(site, { code: -32603, message: 'Database is not configured' }),
  doctor.protocolVersionProblem(site, '2023-01-01', ['2025-11-25', '2025-06-18']),
  doctor.inputMissingProblem(site, 'api-key', 'Notes API key', 'MCP_INPUT_API_KEY'),
  doctor.inputMissingProblem(site, 'api-key', '', 'MCP_INPUT_API_KEY'),
  doctor.sessionLostProblem(site, 'https://h.example/mcp', 'it answered HTTP 404 for the session'),
  // Authorization failures of OAuth servers (gateway/src/oauth/errors.ts), for a person and for a machine.
  ...[true, false].flatMap((interactive) => {
    const failure = (error: unknown) => describeAuthFailure(error, site.name, interactive, site.configFile)!;
    const base = { server: site.name, configFile: site.configFile, interactive };
    const failures: AuthFailure[] = [
      failure(new UnauthorizedError()),
      failure(new InsufficientScopeError({ requiredScope: 'notes:write' })),
      failure(new InsufficientScopeError({})),
      failure(
        new SdkHttpError(SdkErrorCode.ClientHttpForbidden, 'HTTP 403: insufficient_scope', {
          status: 403,
          statusText: 'Forbidden',
        } as never),
      ),
      failure(
        new SdkHttpError(SdkErrorCode.ClientHttpAuthentication, 'HTTP 401 after re-authorizing', {
          status: 401,
          statusText: 'Unauthorized',
        } as never),
      ),
      failure(new IssuerMismatchError('metadata', 'https://as.example', 'https://evil.example')),
      failure(new AuthorizationServerMismatchError('https://as.example', 'https://other.example')),
      failure(new InsecureTokenEndpointError('http://as.example/token')),
      failure(new RegistrationRejectedError({ status: 403, body: '{}', submittedMetadata: { redirect_uris: [] } })),
      failure(new OAuthError('invalid_client', 'bad client')),
      failure(new Error('Failed to fetch protected resource metadata: HTTP 500')),
      failure(new RegistrationConsentNeeded('https://as.example')),
      failure(refused('https://169.254.169.254/latest')),
      failure(refused('http://127.0.0.1:7777/')),
      failure(refused('ftp://as.example/')),
      failure(new NotJsonAnswerError(200, 'text/html')),
      failure(Object.assign(new Error('[{"code":"invalid_type"}]'), { name: 'ZodError' })),
      scopeFailure(base, 'notes:read'),
      ...(interactive ? [scopeHeldFailure(base, 'notes:admin'), scopeHeldFailure(base, undefined)] : []),
    ];
    return failures.map((f) => authConnectionProblem(f, 'https://h.example/mcp'));
  }),
];

/** The outbound guard's refusal of `url` for the server "notes". */
function refused(url: string): unknown {
  const policy = {
    server: site.name,
    serverUrl: 'https://h.example/mcp',
    allowHosts: [],
    gatewayPorts: () => [7777],
    allowKey: `"mcpServers.notes.oauth.allowHosts" in ${site.configFile}`,
  };
  try {
    checkOutboundUrl(policy, new URL(url));
  } catch (error) {
    return error;
  }
  throw new Error(`${url} was not refused`);
}

function translate(catalog: Record<string, unknown>, locale: string) {
  return (key: string, variables?: Record<string, unknown>) =>
    key in catalog ? formatMessage(catalog[key] as never, variables, locale) : key;
}

describe('connection doctor text', () => {
  test('the card in English reads exactly as the gateway (and the terminal) says it, for every kind and variant', () => {
    const t = translate(en, 'en');
    for (const problem of SAMPLES) {
      assert.deepEqual(
        doctorText(t, problem),
        { message: problem.message, action: problem.action },
        `${problem.step}/${problem.kind}`,
      );
      assert.notEqual(
        t(`doctor.step.${problem.step}`),
        `doctor.step.${problem.step}`,
        `step ${problem.step} has a label`,
      );
    }
    const catalogKinds = Object.keys(en)
      .filter((k) => k.startsWith('doctor.') && k.endsWith('.action'))
      .map((k) => k.slice('doctor.'.length, -'.action'.length));
    assert.deepEqual(
      [...new Set(SAMPLES.map((p) => p.kind))].sort(),
      catalogKinds.sort(),
      'every kind in the catalog is sampled, and every sampled kind is in the catalog',
    );
  });

  test('the card names every refusal reason as the outbound guard does (doctor.outbound.<reason>)', () => {
    const reasons = Object.keys(en)
      .filter((k) => k.startsWith('doctor.outbound.'))
      .map((k) => k.slice('doctor.outbound.'.length) as RefusalReason);
    assert.equal(reasons.length, 9);
    for (const reason of reasons) {
      assert.equal(en[`doctor.outbound.${reason}` as keyof typeof en], refusalText(reason), reason);
      assert.ok(`doctor.outbound.${reason}` in ja, `${reason} in Japanese`);
    }
  });

  test('every kind is translated into Japanese (no English fallback)', () => {
    const t = translate(ja, 'ja');
    for (const problem of SAMPLES) {
      const text = doctorText(t, problem);
      assert.notEqual(text.message, problem.message, `${problem.kind} message`);
      assert.notEqual(text.action, problem.action, `${problem.kind} action`);
      assert.doesNotMatch(
        `${text.message} ${text.action}`,
        /\{[a-zA-Z]+\}/,
        `${problem.kind}: every placeholder filled`,
      );
    }
  });
});
