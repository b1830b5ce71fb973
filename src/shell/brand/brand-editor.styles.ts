import { css } from 'lit';

/** The brand editor's layout: fields in a grid, file buttons, the two previews and the contrast list. */
export const brandEditorStyles = css`
  :host {
    display: block;
    margin-top: var(--mcp-spacing-lg, 1rem);
  }
  section {
    border-top: 1px solid var(--mcp-border, #737d88);
    padding-top: var(--mcp-spacing-md, 0.5rem);
  }
  h3 {
    margin: 0 0 var(--mcp-spacing-sm, 0.25rem);
    font-size: var(--mcp-font-size-lg, 1rem);
  }
  h4 {
    margin: var(--mcp-spacing-md, 0.5rem) 0 var(--mcp-spacing-xs, 0.125rem);
    font-size: var(--mcp-font-size-md, 0.875rem);
  }
  .fields {
    display: grid;
    gap: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-lg, 1rem);
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  }
  .field {
    display: grid;
    gap: var(--mcp-spacing-xs, 0.125rem);
    align-content: start;
  }
  .field label {
    font-weight: var(--mcp-font-weight-medium, 600);
  }
  .color {
    display: flex;
    gap: var(--mcp-spacing-sm, 0.25rem);
    align-items: center;
  }
  .color input[type='text'] {
    flex: 1;
    min-width: 0;
  }
  input[type='color'] {
    inline-size: 2.5rem;
    block-size: 2rem;
    padding: 0;
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-sm, 0.25rem);
    margin: var(--mcp-spacing-md, 0.5rem) 0;
  }
  .file {
    position: relative;
  }
  .file input {
    position: absolute;
    inset: 0;
    opacity: 0;
    width: 100%;
    cursor: pointer;
  }
  .file:focus-within span {
    outline: var(--mcp-focus-ring-width, 3px) solid var(--mcp-focus-ring, #0b5cad);
    outline-offset: var(--mcp-focus-ring-offset, 2px);
  }
  .file span {
    display: inline-flex;
    align-items: center;
    min-height: var(--mcp-control-height, 2rem);
    border: 1px solid var(--mcp-border, #737d88);
    border-radius: var(--mcp-radius-md, 4px);
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    background: var(--mcp-surface, #f4f6f8);
  }
  .previews {
    display: grid;
    gap: var(--mcp-spacing-md, 0.5rem);
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr));
  }
  ul.adapt {
    margin: 0;
    padding-left: 1.25rem;
  }
  ul.adapt li + li {
    margin-top: var(--mcp-spacing-xs, 0.125rem);
  }
  .swatch {
    display: inline-block;
    inline-size: 0.9em;
    block-size: 0.9em;
    border: 1px solid var(--mcp-text-primary, #1b1f24);
    vertical-align: -0.1em;
  }
  .problems {
    border-left: 4px solid var(--mcp-error-dark, #991b1b);
    padding-left: var(--mcp-spacing-md, 0.5rem);
  }
  .hint {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  img.logo {
    max-height: 2rem;
    max-width: 6rem;
    vertical-align: middle;
  }
`;
