import { css } from 'lit';

/**
 * Base styles shared by the shell and every kit component; all colours come from --mcp-* tokens
 * (with light-mode fallbacks for a host without a Theme, MCP-WP-6.4.4). Motion uses
 * --mcp-motion-duration, which the Theme sets to 0 under reduced motion (system or user setting).
 * Sizes are in rem/em so browser zoom and the text-size setting scale everything (MCP-WP-11.5.6).
 */
export const baseStyles = css`
  :host {
    font-family: var(--mcp-font-family, system-ui, sans-serif);
    font-size: var(--mcp-font-size-md, 0.875rem);
    line-height: var(--mcp-line-height, 1.5);
    color: var(--mcp-text-primary, #1b1f24);
    box-sizing: border-box;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  button {
    font: inherit;
    cursor: pointer;
    border-radius: var(--mcp-radius-md, 4px);
    border: 1px solid var(--mcp-border, #737d88);
    background: var(--mcp-surface, #f4f6f8);
    color: var(--mcp-text-primary, #1b1f24);
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    min-height: var(--mcp-control-height, 2rem);
    transition:
      box-shadow var(--mcp-motion-duration, 150ms) ease-out,
      background-color var(--mcp-motion-duration, 150ms) ease-out;
  }
  button:hover {
    box-shadow: var(--mcp-shadow-sm, 0 1px 2px rgb(0 0 0 / 0.12));
  }
  button.primary {
    background: var(--mcp-primary-color, #0b5cad);
    border-color: var(--mcp-primary-color, #0b5cad);
    color: var(--mcp-on-primary, #ffffff);
  }
  button:disabled,
  button[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.7;
  }
  :focus-visible {
    outline: var(--mcp-focus-ring-width, 3px) solid var(--mcp-focus-ring, #0b5cad);
    outline-offset: var(--mcp-focus-ring-offset, 2px);
  }
  a {
    color: var(--mcp-link-color, #0b5cad);
  }
  input,
  select,
  textarea {
    font: inherit;
    color: var(--mcp-text-primary, #1b1f24);
    background: var(--mcp-background, #ffffff);
    border: 1px solid var(--mcp-border, #737d88);
    border-radius: var(--mcp-radius-sm, 2px);
    padding: var(--mcp-spacing-sm, 0.25rem);
    max-width: 100%;
  }
  /* Styled, not native, selects: the caret is drawn in the text colour, so every theme and brand keeps its contrast. */
  select {
    appearance: none;
    min-height: var(--mcp-control-height, 2rem);
    padding: var(--mcp-spacing-xs, 0.125rem) 1.75rem var(--mcp-spacing-xs, 0.125rem) var(--mcp-spacing-sm, 0.25rem);
    border-radius: var(--mcp-radius-md, 4px);
    background-image:
      linear-gradient(45deg, transparent 50%, currentColor 50%),
      linear-gradient(135deg, currentColor 50%, transparent 50%);
    background-position:
      calc(100% - 0.85rem) 55%,
      calc(100% - 0.55rem) 55%;
    background-size:
      0.3rem 0.3rem,
      0.3rem 0.3rem;
    background-repeat: no-repeat;
    cursor: pointer;
    text-overflow: ellipsis;
  }
  input:not([type='checkbox']):not([type='radio']):not([type='file']),
  textarea {
    border-radius: var(--mcp-radius-md, 4px);
  }
  @media (forced-colors: active) {
    select {
      appearance: auto;
      background-image: none;
      padding-right: var(--mcp-spacing-sm, 0.25rem);
    }
  }
  .muted {
    color: var(--mcp-text-secondary, #4d5661);
  }
  .error-text {
    color: var(--mcp-error-dark, #991b1b);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  pre,
  code {
    font-family: var(--mcp-font-family-mono, ui-monospace, monospace);
  }
  pre {
    white-space: pre-wrap;
    word-break: break-word;
    margin: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation: none !important;
      transition: none !important;
      scroll-behavior: auto !important;
    }
  }
`;
