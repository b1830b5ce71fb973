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
    flex-wrap: nowrap;
    min-height: 3rem;
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
    flex: 0 1 auto;
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
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .controls {
    display: flex;
    flex-wrap: nowrap;
    align-items: center;
    gap: var(--mcp-spacing-md, 0.5rem);
    flex: 0 0 auto;
  }
  /* The Settings menu (the Menu on a phone): a button that opens a panel under it. */
  details.settings {
    position: relative;
  }
  details.settings > summary {
    list-style: none;
    cursor: pointer;
    border: 1px solid var(--mcp-border, #737d88);
    border-radius: var(--mcp-radius-sm, 2px);
    padding: 2px var(--mcp-spacing-md, 0.5rem);
    background: var(--mcp-background, #fff);
    white-space: nowrap;
  }
  details.settings > summary::-webkit-details-marker {
    display: none;
  }
  details.settings > summary::after {
    content: ' ▾';
  }
  details.settings[open] > summary {
    background: var(--mcp-surface, #f4f6f8);
  }
  .menu-panel {
    position: absolute;
    right: 0;
    top: calc(100% + 4px);
    z-index: 30;
    display: flex;
    flex-direction: column;
    align-items: stretch;
    gap: var(--mcp-spacing-md, 0.5rem);
    min-width: 16rem;
    max-width: min(24rem, 90vw);
    padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
    background: var(--mcp-background, #fff);
    border: 1px solid var(--mcp-border, #737d88);
    border-radius: var(--mcp-radius-md, 4px);
    box-shadow: var(--mcp-shadow-md, 0 4px 12px rgb(0 0 0 / 0.2));
  }
  .menu-panel label {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: var(--mcp-spacing-md, 0.5rem);
  }
  @media (max-width: 640px) {
    header.top {
      padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
      min-height: 0;
    }
    h1 {
      font-size: var(--mcp-font-size-lg, 1rem);
    }
    .brand img {
      height: 1.5rem;
    }
  }
`;
