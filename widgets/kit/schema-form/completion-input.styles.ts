import { css } from 'lit';

/** Styles of <mcp-completion-input> (besides the shared base styles). */
export const completionInputStyles = css`
  :host {
    display: block;
  }
  .field {
    display: grid;
    gap: var(--mcp-spacing-xs, 0.125rem);
    position: relative;
  }
  label {
    font-weight: var(--mcp-font-weight-medium, 600);
  }
  .req {
    color: var(--mcp-error-dark, #a4161a);
  }
  input {
    width: 100%;
  }
  [aria-invalid='true'] {
    border-color: var(--mcp-error-dark, #a4161a);
    border-width: 2px;
  }
  ul[role='listbox'] {
    list-style: none;
    margin: 0;
    padding: 2px 0;
    border: 1px solid var(--mcp-border, #737d88);
    border-radius: var(--mcp-radius-sm, 2px);
    background: var(--mcp-background, #fff);
    max-height: 12rem;
    overflow: auto;
  }
  li[role='option'] {
    padding: 2px var(--mcp-spacing-sm, 0.25rem);
    cursor: pointer;
    word-break: break-word;
    white-space: pre-wrap;
  }
  li[aria-selected='true'] {
    background: var(--mcp-primary-color, #0b5cad);
    color: var(--mcp-on-primary, #fff);
    outline: 2px solid var(--mcp-focus-ring, #0b5cad);
  }
  .small {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
`;
