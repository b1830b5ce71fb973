import type { ConnectionProblem } from '../../core/shared/gateway-api/connection-problem.js';
import type { Translate } from '../../../widgets/kit/i18n/translate.js';
import { translatedOr } from '../services/host-text.js';

/**
 * The doctor's message and advice in the user's language: `doctor.<kind>` and `doctor.<kind>.action`
 * with the problem's details as placeholders, or the gateway's English sentence for a kind the
 * catalogs do not know (so a new kind shows up readable before it is translated).
 */
export function doctorText(t: Translate, problem: ConnectionProblem): { message: string; action: string } {
  const d = problem.details;
  // Strings, so that numbers (status 500, JSON-RPC -32603) are not formatted with thousands separators.
  const params: Record<string, unknown> = Object.fromEntries(
    Object.entries(d).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]),
  );
  let messageKey = `doctor.${problem.kind}`;
  let actionKey = `doctor.${problem.kind}.action`;
  if (problem.kind === 'exited') {
    params.how = d.signal
      ? t('doctor.how.signal', { signal: String(d.signal) })
      : d.exitCode !== null && d.exitCode !== undefined
        ? t('doctor.how.code', { code: String(d.exitCode) })
        : t('doctor.how.unknown');
    if (!Array.isArray(d.stderrTail) || d.stderrTail.length === 0) actionKey = 'doctor.exited.actionQuiet';
  }
  if (problem.kind === 'http-status') {
    params.statusSuffix = d.statusText ? ` ${String(d.statusText)}` : '';
    const status = Number(d.status);
    if (status >= 500) actionKey = 'doctor.http-status.action5xx';
    else if (status === 404 || status === 405) actionKey = 'doctor.http-status.action404';
  }
  if (problem.kind === 'oauth-outbound-refused') {
    params.targetKind = translatedOr(t, `doctor.outbound.${String(d.reason)}`, String(d.targetKind ?? ''));
    if (!d.allowEntry) actionKey = 'doctor.oauth-outbound-refused.actionNoAllow';
  }
  // No OAuth metadata and nothing registered yet: "headers", or Sign in for OAuth without metadata.
  if (problem.kind === 'auth-required' && d.registrationOrigin) actionKey = 'doctor.auth-required.actionOrSignIn';
  if (problem.kind === 'input-missing' && !d.description) messageKey = 'doctor.input-missing.noDescription';
  // A machine-to-machine OAuth server (client credentials in the config) has no Sign in: its advice is about the config.
  if (problem.step === 'auth' && d.mode === 'machine' && translatedOr(t, `${actionKey}Machine`, '') !== '')
    actionKey = `${actionKey}Machine`;
  return {
    message: translatedOr(t, messageKey, problem.message, params),
    action: translatedOr(t, actionKey, problem.action, params),
  };
}
