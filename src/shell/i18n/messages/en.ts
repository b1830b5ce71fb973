import type { I18nMessage } from '../../../core/shared/types.js';
import { agents } from './en/agents.js';
import { appearance } from './en/appearance.js';
import { appGuard } from './en/app-guard.js';
import { apps } from './en/apps.js';
import { audit } from './en/audit.js';
import { card } from './en/card.js';
import { clientFeatures } from './en/client-features.js';
import { clientRequests } from './en/client-requests.js';
import { confirm } from './en/confirm.js';
import { layout } from './en/layout.js';
import { consent } from './en/consent.js';
import { doctor } from './en/doctor.js';
import { doctorOAuth } from './en/doctor-oauth.js';
import { launch } from './en/launch.js';
import { listProblems } from './en/list-problems.js';
import { notices } from './en/notices.js';
import { page } from './en/page.js';
import { passkey } from './en/passkey.js';
import { policy } from './en/policy.js';
import { registryConsent } from './en/registry-consent.js';
import { savedCalls } from './en/saved-calls.js';
import { servers } from './en/servers.js';
import { signIn } from './en/sign-in.js';
import { team } from './en/team.js';
import { warmStart } from './en/warm-start.js';
import { widgetStore } from './en/widget-store.js';

/** English strings of the shell (the built-in fallback): one file per area under ./en/, a new area adds a file. */
export const en = {
  ...agents,
  ...appearance,
  ...appGuard,
  ...apps,
  ...audit,
  ...card,
  ...clientFeatures,
  ...clientRequests,
  ...confirm,
  ...layout,
  ...consent,
  ...doctor,
  ...doctorOAuth,
  ...launch,
  ...listProblems,
  ...notices,
  ...page,
  ...passkey,
  ...policy,
  ...registryConsent,
  ...savedCalls,
  ...servers,
  ...signIn,
  ...team,
  ...warmStart,
  ...widgetStore,
} satisfies Record<string, I18nMessage>;
