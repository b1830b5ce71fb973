import type { I18nMessage } from '../../../core/shared/types.js';
import { agents } from './ja/agents.js';
import { appearance } from './ja/appearance.js';
import { appGuard } from './ja/app-guard.js';
import { apps } from './ja/apps.js';
import { audit } from './ja/audit.js';
import { card } from './ja/card.js';
import { clientFeatures } from './ja/client-features.js';
import { clientRequests } from './ja/client-requests.js';
import { confirm } from './ja/confirm.js';
import { layout } from './ja/layout.js';
import { consent } from './ja/consent.js';
import { doctor } from './ja/doctor.js';
import { doctorOAuth } from './ja/doctor-oauth.js';
import { launch } from './ja/launch.js';
import { listProblems } from './ja/list-problems.js';
import { notices } from './ja/notices.js';
import { page } from './ja/page.js';
import { passkey } from './ja/passkey.js';
import { policy } from './ja/policy.js';
import { registryConsent } from './ja/registry-consent.js';
import { savedCalls } from './ja/saved-calls.js';
import { servers } from './ja/servers.js';
import { signIn } from './ja/sign-in.js';
import { team } from './ja/team.js';
import { warmStart } from './ja/warm-start.js';
import { widgetStore } from './ja/widget-store.js';
import type { en } from './en.js';

/** Japanese strings of the shell: one file per area under ./ja/, each with exactly the keys of its English twin. */
export const ja: Record<keyof typeof en, I18nMessage> = {
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
};
