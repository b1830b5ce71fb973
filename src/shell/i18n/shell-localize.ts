import type { ReactiveControllerHost } from 'lit';
import type { I18n } from '../../core/services/i18n.js';
import type { I18nInterface } from '../../core/shared/types.js';
import { LocalizeController } from '../../../widgets/kit/i18n/localize.js';
import { consume, i18nContext } from '../services/contexts.js';
import { SHELL_CATALOGS } from './messages.js';

/**
 * A shell element's strings: the kit's LocalizeController bound to the shell's catalogs and to the
 * page's I18n from the i18n context — English until a provider answers (an element on its own), the
 * user's language after, and a re-render on every language switch. `new ShellLocalize(this)` is all an
 * element writes; the one element that provides the context (<mcp-dashboard>) names its own source.
 */
export class ShellLocalize<T extends I18nInterface = I18n> extends LocalizeController {
  private readonly source: () => T | undefined;

  /** `options.i18n` names another source than the context (an element handed its I18n as a property). */
  constructor(host: ReactiveControllerHost & HTMLElement, options: { i18n?: () => T | undefined } = {}) {
    // The consumer is added before the controller, so it has answered when the controller first subscribes.
    const consumer = options.i18n ? undefined : consume(host, i18nContext);
    const source = options.i18n ?? (() => consumer?.value as T | undefined);
    super(host, { catalogs: SHELL_CATALOGS, i18n: source });
    this.source = source;
  }

  /** The page's I18n, for kit elements that take it as a property (undefined before it is provided). */
  get i18n(): T | undefined {
    return this.source();
  }

  /** `t` as a function value (render helpers and child elements take a Translate). */
  readonly translate = (key: string, variables?: Record<string, unknown>): string => this.t(key, variables);
}
