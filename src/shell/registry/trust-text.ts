import type { TrustLevel } from '../../core/shared/types.js';
import type { PermissionItem, SignatureState } from '../../../registry-client/index.js';
import { englishTranslate, formatMessage, type Translate } from '../../../widgets/kit/i18n/translate.js';
import { SHELL_CATALOGS } from '../i18n/messages.js';

const english: Translate = (key, variables) => {
  const message = SHELL_CATALOGS.en?.[key];
  return message === undefined ? englishTranslate(key, variables) : formatMessage(message, variables, 'en');
};

/** Trust level in words (MCP-WP-11.4.4); `t` words it in the user's language. */
export function trustText(level: TrustLevel | string | undefined, t: Translate = english): string {
  switch (level) {
    case 'verified':
      return t('trust.verified');
    case 'community':
      return t('trust.community');
    case 'enterprise':
      return t('trust.enterprise');
    default:
      return t('trust.untrusted');
  }
}

/** Signature state in words. */
export function signatureText(state: SignatureState | undefined, t: Translate = english): string {
  if (!state) return t('signature.unchecked');
  return state.state === 'verified'
    ? t('signature.valid', { publisher: state.publisher, date: state.signedAt.slice(0, 10) })
    : t('signature.none');
}

/** A permission in the user's language, by its stable id (the registry client words it in English). */
export function permissionText(item: PermissionItem, t: Translate = english): string {
  const [kind, ...rest] = item.id.split(':');
  const arg = rest.join(':');
  switch (kind) {
    case 'network': {
      const protocols = /\(([^)]*)\)$/.exec(item.label)?.[1];
      return t('perm.network', { domain: arg }) + (protocols ? ` (${protocols})` : '');
    }
    case 'storage':
      return t(arg === 'persistent' ? 'perm.storagePersistent' : 'perm.storageSession');
    case 'clipboard':
      return t('perm.clipboard');
    case 'notifications':
      return t('perm.notifications');
    case 'mcp': {
      const key = `perm.mcp.${arg}`;
      const text = t(key);
      return text === key ? t('perm.mcpOther', { op: arg }) : text;
    }
    case 'custom':
      return t('perm.custom', { key: arg });
    default:
      return item.label;
  }
}
