import { css } from 'lit';

/**
 * Styles of mcp-app-frame. Display modes are pure CSS on the element (inline, a full-window overlay,
 * a floating panel), so the iframe is never moved.
 */
export const appFrameStyles = css`
  :host {
    display: block;
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-md, 4px);
    background: var(--mcp-background, #fff);
    color: var(--mcp-text-primary, #1b1f24);
    margin-block: var(--mcp-spacing-md, 0.5rem);
  }
  :host([mode='fullscreen']) {
    position: fixed;
    inset: 0;
    z-index: 900;
    margin: 0;
    border-radius: 0;
    display: flex;
    flex-direction: column;
  }
  :host([mode='pip']) {
    position: fixed;
    right: var(--mcp-spacing-lg, 1rem);
    bottom: var(--mcp-spacing-lg, 1rem);
    width: min(var(--pip-width, 400px), calc(100vw - 2rem));
    z-index: 900;
    margin: 0;
    box-shadow: 0 4px 24px rgb(0 0 0 / 0.35);
  }
  :host([borderless]) .viewport {
    border-top: 0;
  }
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    background: var(--mcp-surface, #f4f6f8);
  }
  .title {
    font-weight: var(--mcp-font-weight-medium, 600);
    word-break: break-word;
  }
  .spacer {
    flex: 1;
  }
  .status,
  .tool,
  .note {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  .tool,
  .note,
  .problem {
    margin: 0;
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
  }
  .problem {
    border-left: 4px solid var(--mcp-error-dark, #a4161a);
  }
  .viewport {
    border-top: 1px solid var(--mcp-border, #8c959f);
    min-height: 0;
  }
  :host([mode='fullscreen']) .viewport {
    flex: 1;
  }
  .viewport iframe {
    display: block;
    width: 100%;
    height: 240px;
    border: 0;
    background: transparent;
  }
  :host([mode='fullscreen']) .viewport iframe {
    height: 100% !important;
  }
  :host([mode='pip']) .viewport iframe {
    height: min(var(--pip-height, 300px), calc(100vh - 10rem)) !important;
  }
  /* In a dashboard tile, a view that reports no size fills the tile (the tile scrolls; nothing is clipped). */
  :host([fill]) {
    display: flex;
    flex-direction: column;
  }
  :host([fill]) .viewport {
    flex: 1;
    min-height: 10rem;
    overflow: auto;
  }
  :host([fill]) .viewport iframe {
    height: 100%;
    min-height: 10rem;
  }
  details {
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    border-top: 1px solid var(--mcp-border, #8c959f);
  }
  mcp-app-tools {
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    border-top: 1px solid var(--mcp-border, #8c959f);
  }
  :host([mode='fullscreen']) mcp-app-tools,
  :host([mode='fullscreen']) details,
  :host([mode='pip']) mcp-app-tools,
  :host([mode='pip']) details {
    display: none;
  }
  pre {
    white-space: pre-wrap;
    word-break: break-word;
    max-height: 12rem;
    overflow: auto;
    margin: var(--mcp-spacing-sm, 0.25rem) 0;
  }
  ul.notes {
    margin: 0;
    padding-left: 1.25rem;
    max-height: 10rem;
    overflow: auto;
  }
  button[aria-pressed='true'] {
    font-weight: var(--mcp-font-weight-bold, 700);
  }
  .icon-button {
    min-width: var(--mcp-control-height, 2rem);
    padding: 0;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    border-color: transparent;
    background: transparent;
  }
  .icon-button:hover,
  .icon-button[aria-pressed='true'] {
    border-color: var(--mcp-border, #737d88);
    background: var(--mcp-background, #fff);
  }
  .icon {
    width: var(--mcp-icon-size, 1.125rem);
    height: var(--mcp-icon-size, 1.125rem);
  }
`;
