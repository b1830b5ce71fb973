import { css } from 'lit';

/** Styles of mcp-server-panel-widget. */
export const panelStyles = css`
  :host {
    display: block;
    background: var(--mcp-background, #fff);
    container-type: inline-size;
  }
  [role='tablist'] {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-xs, 0.125rem);
    border-bottom: 1px solid var(--mcp-border, #8c959f);
  }
  [role='tab'] {
    border: none;
    border-bottom: 3px solid transparent;
    border-radius: 0;
    background: none;
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    white-space: nowrap;
  }
  [role='tab'][aria-selected='true'] {
    border-bottom-color: var(--mcp-primary-color, #0b5cad);
    font-weight: var(--mcp-font-weight-bold, 700);
  }
  [role='tabpanel'] {
    padding: var(--mcp-spacing-md, 0.5rem) 0;
  }
  /* The list keeps its height and stays in view however tall the form or the result beside it grows. */
  .split {
    display: grid;
    grid-template-columns: minmax(10rem, 1fr) 2fr;
    gap: var(--mcp-spacing-lg, 1rem);
    align-items: start;
  }
  .split > mcp-tool-list {
    position: sticky;
    top: 0;
  }
  @container (max-width: 34rem) {
    .split {
      grid-template-columns: 1fr;
    }
    .split > mcp-tool-list {
      position: static;
    }
  }
  details.instructions > summary {
    cursor: pointer;
    font-weight: var(--mcp-font-weight-medium, 600);
    margin-block: var(--mcp-spacing-md, 0.5rem);
  }
  details.instructions pre {
    max-height: 24rem;
    overflow: auto;
  }
  h3 {
    font-size: var(--mcp-font-size-lg, 1rem);
    margin: var(--mcp-spacing-md, 0.5rem) 0;
  }
`;
