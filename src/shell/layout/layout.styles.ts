import { css } from 'lit';

/** Styles of the dashboard's tab bar, edit toolbar and tiles' placeholders. */
export const layoutStyles = css`
  .layout-bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    margin-block-end: var(--mcp-spacing-md, 0.5rem);
  }
  .layout-bar [role='tablist'] {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-xs, 0.125rem);
    align-items: center;
  }
  .layout-bar [role='tab'] {
    border: 0;
    border-bottom: 3px solid transparent;
    border-radius: var(--mcp-radius-md, 4px) var(--mcp-radius-md, 4px) 0 0;
    background: transparent;
    font-weight: var(--mcp-font-weight-medium, 600);
    display: inline-flex;
    align-items: center;
    gap: var(--mcp-spacing-sm, 0.25rem);
    padding-inline: var(--mcp-spacing-md, 0.5rem);
    color: var(--mcp-text-secondary, #4d5661);
  }
  .layout-bar [role='tab'][aria-selected='true'] {
    border-bottom-color: var(--mcp-primary-color, #0b5cad);
    color: var(--mcp-text-primary, #1b1f24);
  }
  .layout-bar [role='tab']:hover {
    box-shadow: none;
    background: var(--mcp-surface, #f4f6f8);
  }
  .layout-actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-sm, 0.25rem);
    align-items: center;
  }
  .layout-actions button,
  .file-button,
  .ghost-button {
    display: inline-flex;
    align-items: center;
    gap: var(--mcp-spacing-sm, 0.25rem);
  }
  .file-button {
    font: inherit;
    font-size: inherit;
    cursor: pointer;
    border-radius: var(--mcp-radius-md, 4px);
    border: 1px solid var(--mcp-border, #737d88);
    background: var(--mcp-surface, #f4f6f8);
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    min-height: var(--mcp-control-height, 2rem);
  }
  .file-button:focus-within {
    outline: var(--mcp-focus-ring-width, 3px) solid var(--mcp-focus-ring, #0b5cad);
    outline-offset: var(--mcp-focus-ring-offset, 2px);
  }
  .file-button input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
  .edit-note {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--mcp-spacing-md, 0.5rem);
    margin-block-end: var(--mcp-spacing-md, 0.5rem);
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    border-inline-start: 4px solid var(--mcp-primary-color, #0b5cad);
    background: var(--mcp-surface, #f4f6f8);
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  .edit-note .narrow-only {
    display: none;
  }
  @container (max-width: 62rem) {
    .edit-note .narrow-only {
      display: inline;
    }
    .edit-note .wide-only {
      display: none;
    }
  }
  mcp-add-tile {
    margin-block-end: var(--mcp-spacing-md, 0.5rem);
  }
  .placeholder {
    margin: 0;
    padding: var(--mcp-spacing-md, 0.5rem);
    border-inline-start: 4px solid var(--mcp-warning-dark, #8a4b00);
    word-break: break-word;
  }
  .placeholder-wait {
    margin: 0;
    padding: var(--mcp-spacing-md, 0.5rem);
  }
  .empty {
    margin: var(--mcp-spacing-lg, 1rem) 0;
  }
  main {
    container-type: inline-size;
  }
  .icon {
    width: 1.125em;
    height: 1.125em;
    flex: none;
  }
`;
