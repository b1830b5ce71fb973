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
    gap: 2px;
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
    font-weight: 700;
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
    font-weight: 600;
    margin-block: var(--mcp-spacing-md, 0.5rem);
  }
  details.instructions pre {
    max-height: 24rem;
    overflow: auto;
  }
  ul.list {
    list-style: none;
    margin: 0;
    padding: 0;
    max-height: 28rem;
    overflow: auto;
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-md, 4px);
  }
  ul.list li + li {
    border-top: 1px solid var(--mcp-border, #8c959f);
  }
  ul.list button {
    width: 100%;
    text-align: left;
    border: none;
    border-radius: 0;
    background: var(--mcp-background, #fff);
    display: block;
  }
  ul.list button[aria-current='true'] {
    background: var(--mcp-surface, #f4f6f8);
    box-shadow: inset 4px 0 0 var(--mcp-primary-color, #0b5cad);
  }
  .name {
    font-weight: 600;
    word-break: break-word;
  }
  .sub {
    display: block;
    font-size: var(--mcp-font-size-sm, 0.8125rem);
    color: var(--mcp-text-secondary, #4d5661);
    word-break: break-word;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 2px var(--mcp-spacing-md, 0.5rem);
    margin: 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    word-break: break-word;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  th,
  td {
    text-align: left;
    border-bottom: 1px solid var(--mcp-border, #8c959f);
    padding: 2px var(--mcp-spacing-sm, 0.25rem);
    vertical-align: top;
  }
  .outcome-error {
    color: var(--mcp-error-dark, #a4161a);
  }
  .outcome-ok {
    color: var(--mcp-success-dark, #0d6b3c);
  }
  .badge {
    display: inline-block;
    font-size: var(--mcp-font-size-sm, 0.8125rem);
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-sm, 2px);
    padding: 0 4px;
    margin-right: 4px;
  }
  h3 {
    font-size: var(--mcp-font-size-lg, 1rem);
    margin: var(--mcp-spacing-md, 0.5rem) 0;
  }
`;
