import { css } from 'lit';

/** A card: the header stays while the card scrolls; icon buttons, metrics, the server log and list problems. */
export const widgetCardStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    height: 100%;
    min-width: 0;
    background: var(--mcp-background, #fff);
    border-radius: inherit;
  }
  /* The card scrolls as a whole (its header stays): a long list of problems never squeezes the widget away. */
  section {
    display: flex;
    flex-direction: column;
    height: 100%;
    min-height: 0;
    overflow: auto;
  }
  section > header {
    position: sticky;
    top: 0;
    z-index: 1;
  }
  .mount {
    flex: 1 0 auto;
  }
  header {
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-xs, 0.125rem)
      var(--mcp-spacing-lg, 1rem);
    background: var(--mcp-surface, #f4f6f8);
    border-bottom: 1px solid var(--mcp-border-subtle, var(--mcp-border, #8c959f));
    border-radius: inherit;
    border-end-start-radius: 0;
    border-end-end-radius: 0;
  }
  .title-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0 var(--mcp-spacing-md, 0.5rem);
    min-width: 0;
  }
  h2 {
    margin: 0;
    font-size: var(--mcp-font-size-lg, 1rem);
    min-width: min(4rem, 100%);
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .title-row .status {
    white-space: nowrap;
  }
  .meta-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--mcp-spacing-md, 0.5rem);
    min-width: 0;
    padding-block-end: var(--mcp-spacing-xs, 0.125rem);
  }
  .meta-row .metrics {
    flex: 1;
  }
  .meta-row select {
    max-width: 11rem;
    min-width: 6rem;
    min-height: var(--mcp-control-height-sm, 1.75rem);
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  .icon-button {
    min-width: var(--mcp-control-height, 2rem);
    padding: 0;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    border-color: transparent;
    background: transparent;
    flex: none;
  }
  .icon-button:hover,
  .icon-button[aria-expanded='true'] {
    background: var(--mcp-background, #fff);
    border-color: var(--mcp-border, #737d88);
  }
  .icon {
    width: var(--mcp-icon-size, 1.125rem);
    height: var(--mcp-icon-size, 1.125rem);
  }
  .metrics {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
    margin: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .body:not(.mount):not(:has(*)) {
    display: none;
  }
  .spacer {
    flex: 1;
  }
  .body {
    padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
  }
  pre.log {
    max-height: 14rem;
    overflow: auto;
    background: var(--mcp-surface, #f4f6f8);
    padding: var(--mcp-spacing-sm, 0.25rem);
  }
  .list-problems {
    border-left: 4px solid var(--mcp-warning-dark, #8a4b00);
    padding-left: var(--mcp-spacing-md, 0.5rem);
    word-break: break-word;
  }
`;
