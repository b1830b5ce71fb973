import { css } from 'lit';

/**
 * The app bar's look. The app bar renders into the dashboard's shadow root (app-bar.ts), so the dashboard
 * includes these styles in its own.
 */
export const appBarStyles = css`
  mcp-app-bar {
    display: block;
  }
  header.top {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
    padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
    border-bottom: 1px solid var(--mcp-border, #737d88);
    background: var(--mcp-surface, #f4f6f8);
  }
  .brand {
    display: flex;
    align-items: center;
    gap: var(--mcp-spacing-sm, 0.25rem);
    min-width: 0;
  }
  .brand img {
    height: 2rem;
    width: auto;
    max-width: 8rem;
    object-fit: contain;
  }
  h1 {
    font-size: var(--mcp-font-size-xl, 1.25rem);
    margin: 0;
    word-break: break-word;
  }
  .controls {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--mcp-spacing-md, 0.5rem);
  }
`;
