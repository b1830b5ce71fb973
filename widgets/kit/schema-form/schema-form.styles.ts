import { css } from 'lit';

/** Styles of <mcp-schema-form>. */
export const schemaFormStyles = css`
  :host {
    display: block;
  }
  form {
    display: grid;
    gap: var(--mcp-spacing-md, 0.5rem);
  }
  .field {
    display: grid;
    gap: var(--mcp-spacing-xs, 0.125rem);
  }
  label,
  .label,
  legend {
    font-weight: var(--mcp-font-weight-medium, 600);
  }
  .req {
    color: var(--mcp-error-dark, #a4161a);
  }
  textarea {
    min-height: 4rem;
    width: 100%;
  }
  textarea.json {
    font-family: ui-monospace, monospace;
  }
  textarea.big {
    min-height: 12rem;
  }
  input[type='text'],
  input[type='email'],
  input[type='url'],
  input[type='number'],
  input[type='date'],
  input[type='datetime-local'],
  input[type='time'],
  select {
    width: 100%;
  }
  .check {
    display: flex;
    gap: var(--mcp-spacing-sm, 0.25rem);
    align-items: center;
  }
  .sub-option {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  [aria-invalid='true'] {
    border-color: var(--mcp-error-dark, #a4161a);
    border-width: 2px;
  }
  .actions {
    display: flex;
    gap: var(--mcp-spacing-md, 0.5rem);
  }
  .desc,
  .note {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  fieldset.group {
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-md, 4px);
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    display: grid;
    gap: var(--mcp-spacing-sm, 0.25rem);
    margin: 0;
    min-width: 0;
  }
  ol.items {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--mcp-spacing-sm, 0.25rem);
  }
  li.item {
    border-left: 3px solid var(--mcp-border, #8c959f);
    padding-left: var(--mcp-spacing-sm, 0.25rem);
    display: grid;
    gap: var(--mcp-spacing-xs, 0.125rem);
  }
  .item-actions {
    display: flex;
    gap: var(--mcp-spacing-sm, 0.25rem);
  }
  button.small {
    min-height: var(--mcp-control-height-sm, 1.75rem);
    padding: 0 var(--mcp-spacing-sm, 0.25rem);
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  .view-switch {
    display: flex;
    gap: var(--mcp-spacing-sm, 0.25rem);
    justify-content: flex-end;
  }
  .view-switch [aria-pressed='true'] {
    font-weight: var(--mcp-font-weight-bold, 700);
    box-shadow: inset 0 -3px 0 var(--mcp-primary-color, #0b5cad);
  }
  .absent {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-sm, 0.25rem);
    align-items: center;
  }
  .small-text {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
`;
