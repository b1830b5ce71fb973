import { css } from 'lit';

/** The log view's own styles (its controls, the scroll box and the rows in it). */
export const logViewStyles = css`
  :host {
    display: block;
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-md, 0.5rem);
    align-items: end;
  }
  label {
    display: grid;
    gap: var(--mcp-spacing-xs, 0.125rem);
    font-size: var(--mcp-font-size-sm, 0.8125rem);
    font-weight: var(--mcp-font-weight-medium, 600);
  }
  /*
   * The box that scrolls the rows. The virtualised list inside it is as tall as all its rows (measured, or
   * estimated for rows never rendered), so the box fits a short log and scrolls a long one.
   */
  .rows {
    margin-top: var(--mcp-spacing-md, 0.5rem);
    max-height: var(--mcp-log-height, 24rem);
    overflow: auto;
  }
  /* Rows enough to fill it at any text size: a fixed box, so a flood re-lays out the box, not the page. */
  .rows.full {
    height: var(--mcp-log-height, 24rem);
    contain: size layout;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    display: grid;
    width: 100%;
    box-sizing: border-box;
    grid-template-columns: auto auto 1fr;
    gap: var(--mcp-spacing-sm, 0.25rem);
    border-bottom: 1px solid var(--mcp-border, #d0d7de);
    padding: 2px 0;
  }
  .level {
    font-weight: var(--mcp-font-weight-bold, 700);
    text-transform: uppercase;
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  .sev-high .level {
    color: var(--mcp-error-dark, #991b1b);
  }
  .data {
    white-space: pre-wrap;
    word-break: break-word;
    font-family: var(--mcp-font-family-mono, ui-monospace, monospace);
  }
  .small {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
`;
