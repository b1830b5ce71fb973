import { css } from 'lit';
import { factListStyles } from '../../../widgets/kit/styles/facts.styles.js';

/** Styles of mcp-widget-store. */
export const widgetStoreStyles = css`
  :host {
    display: block;
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-lg, 8px);
    padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
    background: var(--mcp-background, #fff);
  }
  h2 {
    margin: 0 0 var(--mcp-spacing-md, 0.5rem);
    font-size: var(--mcp-font-size-xl, 1.25rem);
    line-height: var(--mcp-line-height-tight, 1.25);
  }
  h3 {
    font-size: var(--mcp-font-size-lg, 1rem);
    margin: var(--mcp-spacing-lg, 1rem) 0 var(--mcp-spacing-sm, 0.25rem);
  }
  form {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-md, 0.5rem);
    align-items: end;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: var(--mcp-spacing-sm, 0.25rem);
  }
  li.item {
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-md, 4px);
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-md, 0.5rem);
    align-items: center;
  }
  .details {
    border-left: 4px solid var(--mcp-border, #8c959f);
    padding-left: var(--mcp-spacing-md, 0.5rem);
    margin-top: var(--mcp-spacing-md, 0.5rem);
  }
  ${factListStyles}
  .error {
    border-left: 4px solid var(--mcp-error-dark, #a4161a);
    padding-left: var(--mcp-spacing-md, 0.5rem);
  }
  progress {
    width: 16rem;
  }
`;
