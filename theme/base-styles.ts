import { css } from 'lit';

/** Base styles shared by the shell and every kit component; all colours come from --mcp-* tokens. */
export const baseStyles = css`
  :host {
    font-family: var(--mcp-font-family, system-ui, sans-serif);
    font-size: var(--mcp-font-size-md, 0.875rem);
    color: var(--mcp-text-primary, #1b1f24);
    box-sizing: border-box;
  }
  *, *::before, *::after { box-sizing: inherit; }
  button {
    font: inherit;
    cursor: pointer;
    border-radius: var(--mcp-radius-md, 4px);
    border: 1px solid var(--mcp-border, #8c959f);
    background: var(--mcp-surface, #f4f6f8);
    color: var(--mcp-text-primary, #1b1f24);
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    min-height: 2rem;
  }
  button.primary {
    background: var(--mcp-primary-color, #0b5cad);
    border-color: var(--mcp-primary-color, #0b5cad);
    color: var(--mcp-on-primary, #ffffff);
  }
  button:disabled, button[aria-disabled='true'] { cursor: not-allowed; opacity: 0.7; }
  :focus-visible {
    outline: 3px solid var(--mcp-focus-ring, #0b5cad);
    outline-offset: 2px;
  }
  input, select, textarea {
    font: inherit;
    color: var(--mcp-text-primary, #1b1f24);
    background: var(--mcp-background, #ffffff);
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-sm, 2px);
    padding: var(--mcp-spacing-sm, 0.25rem);
    max-width: 100%;
  }
  .muted { color: var(--mcp-text-secondary, #4d5661); }
  .error-text { color: var(--mcp-error-dark, #a4161a); }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; font-family: ui-monospace, monospace; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation: none !important; transition: none !important; }
  }
`;
