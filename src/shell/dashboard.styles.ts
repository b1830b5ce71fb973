import { css } from 'lit';

/** The dashboard's page: its background, the banner that explains a gateway problem, and the main area. */
export const dashboardStyles = css`
  :host {
    display: block;
    min-height: 100vh;
    background: var(--mcp-background, #fff);
    color: var(--mcp-text-primary, #1b1f24);
  }
  .spacer {
    flex: 1;
  }
  main {
    padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem) var(--mcp-spacing-xl, 1.5rem);
  }
  .banner {
    margin: var(--mcp-spacing-lg, 1rem);
    padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
    border: 2px solid var(--mcp-error-dark, #991b1b);
    border-radius: var(--mcp-radius-md, 4px);
    background: var(--mcp-error-light, #fee2e2);
  }
  label {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
    display: inline-flex;
    align-items: center;
    gap: var(--mcp-spacing-xs, 0.125rem);
  }
  /* A wall screen (layout/wall-screen.ts): nothing but the tiles. */
  :host([wall]) mcp-app-bar,
  :host([wall]) .layout-bar {
    display: none;
  }
  mcp-widget-store {
    margin: var(--mcp-spacing-lg, 1rem);
  }
`;
