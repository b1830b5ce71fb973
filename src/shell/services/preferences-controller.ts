import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Unsubscribe } from '../../core/shared/types.js';
import { preferencesContext } from './contexts.js';
import type { Preferences } from './preferences.js';

/**
 * Gives an element the page's Preferences from their context and re-renders it after every change
 * (mode, scheme, text size, language, brand) — from the moment they are provided until it leaves the page.
 */
export class PreferencesController implements ReactiveController {
  private readonly consumer: ContextConsumer<typeof preferencesContext, ReactiveControllerHost & HTMLElement>;
  private unsubscribe: Unsubscribe | undefined;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    // The callback runs for each value the provider hands over, and again when the element is back in the page.
    this.consumer = new ContextConsumer(host, {
      context: preferencesContext,
      subscribe: true,
      callback: (preferences) => this.follow(preferences),
    });
    host.addController(this);
  }

  /** The page's Preferences (undefined until provided). */
  get value(): Preferences | undefined {
    return this.consumer.value;
  }

  private follow(preferences: Preferences | undefined): void {
    this.unsubscribe?.();
    this.unsubscribe = preferences?.onChange(() => this.host.requestUpdate());
  }

  /** Stops following. */
  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
