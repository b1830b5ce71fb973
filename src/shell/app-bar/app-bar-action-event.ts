/** What a button of the app bar asks the dashboard to do. */
export type AppBarAction = 'search' | 'widgets' | 'saved-calls' | 'servers' | 'audit' | 'appearance';

/** `mcp-app-bar-action`: a button of the app bar was pressed; the dashboard opens what it names. */
export class AppBarActionEvent extends Event {
  constructor(readonly action: AppBarAction) {
    super('mcp-app-bar-action', { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'mcp-app-bar-action': AppBarActionEvent;
  }
}
