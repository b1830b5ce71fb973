import { css } from 'lit';

/** The confirmation dialog's own look (after shellStyles and dialogStyles): policy facts, hints, remember, lists. */
export const confirmDialogStyles = css`
  h2 {
    margin-bottom: var(--mcp-spacing-sm, 0.25rem);
  }
  /* What the call may do, readable at a glance: a coloured edge and an icon; the words carry the meaning. */
  .impact {
    display: flex;
    gap: var(--mcp-spacing-md, 0.5rem);
    align-items: baseline;
    margin: 0 0 var(--mcp-spacing-md, 0.5rem);
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
    border-left: 6px solid var(--mcp-border, #8c959f);
    background: var(--mcp-surface, #f4f6f8);
    color: var(--mcp-text-primary, #1f2328);
    border-radius: var(--mcp-radius-sm, 2px);
  }
  .impact-read {
    border-left-color: var(--mcp-success-medium, #1a7f37);
  }
  .impact-changes {
    border-left-color: var(--mcp-warning-medium, #bf8700);
  }
  .impact-destructive {
    border-left-color: var(--mcp-error-medium, #cf222e);
    font-weight: var(--mcp-font-weight-medium, 600);
  }
  .impact-passkey {
    border-left-color: var(--mcp-info-medium, #0969da);
    font-weight: var(--mcp-font-weight-medium, 600);
  }
  .impact-icon {
    font-size: var(--mcp-font-size-xl, 1.25rem);
  }
  .caller {
    margin: 0 0 var(--mcp-spacing-sm, 0.25rem);
    font-weight: var(--mcp-font-weight-medium, 600);
  }
  .description {
    margin: 0 0 var(--mcp-spacing-md, 0.5rem);
    display: -webkit-box;
    -webkit-line-clamp: 3;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  .args h3 {
    font-size: var(--mcp-font-size-lg, 1rem);
    margin: 0;
  }
  dl.arg-list {
    display: grid;
    grid-template-columns: minmax(4rem, max-content) 1fr;
    gap: var(--mcp-spacing-xs, 0.125rem) var(--mcp-spacing-md, 0.5rem);
    margin: var(--mcp-spacing-sm, 0.25rem) 0;
  }
  dl.arg-list dt {
    font-weight: var(--mcp-font-weight-medium, 600);
  }
  dl.arg-list dd {
    margin: 0;
    overflow-wrap: anywhere;
    font-family: var(--mcp-font-family-mono, monospace);
  }
  details.json pre {
    max-height: 10rem;
  }
  details > summary {
    cursor: pointer;
    margin: var(--mcp-spacing-sm, 0.25rem) 0;
  }
  details.why,
  details.remember-options {
    margin: var(--mcp-spacing-sm, 0.25rem) 0;
  }
  pre {
    background: var(--mcp-surface, #f4f6f8);
    border: 1px solid var(--mcp-border, #8c959f);
    padding: var(--mcp-spacing-md, 0.5rem);
    max-height: 16rem;
    overflow: auto;
  }
  .warn {
    margin: var(--mcp-spacing-md, 0.5rem) 0 var(--mcp-spacing-sm, 0.25rem);
  }
  .badges {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-sm, 0.25rem);
    list-style: none;
    padding: 0;
    margin: var(--mcp-spacing-sm, 0.25rem) 0;
  }
  .badges li {
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-sm, 2px);
    padding: 0 4px;
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  dl.policy {
    margin-top: var(--mcp-spacing-sm, 0.25rem);
  }
  .type-badge {
    border: 2px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-sm, 2px);
    padding: 0 4px;
    font-weight: var(--mcp-font-weight-medium, 600);
  }
  .type-action {
    border-color: var(--mcp-warning-dark, #8a4b00);
  }
  .warnings {
    margin: var(--mcp-spacing-sm, 0.25rem) 0;
    padding-left: 1.25rem;
  }
  .why,
  .passkey-note {
    margin: var(--mcp-spacing-sm, 0.25rem) 0;
  }
  .remember {
    display: flex;
    gap: var(--mcp-spacing-sm, 0.25rem);
    align-items: center;
    margin-top: var(--mcp-spacing-md, 0.5rem);
  }
  .hints h3 {
    font-size: var(--mcp-font-size-lg, 1rem);
    margin: var(--mcp-spacing-sm, 0.25rem) 0 0;
  }
  .claim,
  .hints-none {
    margin: var(--mcp-spacing-sm, 0.25rem) 0;
  }
  fieldset.scopes {
    border: 1px solid var(--mcp-border, #8c959f);
    margin: var(--mcp-spacing-sm, 0.25rem) 0;
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-xs, 0.125rem) var(--mcp-spacing-md, 0.5rem);
  }
  ol.batch {
    padding-left: 1.25rem;
    max-height: 14rem;
    overflow: auto;
  }
  ol.batch li {
    margin-bottom: var(--mcp-spacing-sm, 0.25rem);
  }
  ol.batch pre {
    max-height: 6rem;
    margin: 2px 0;
  }
  .item-actions {
    display: inline-flex;
    gap: var(--mcp-spacing-sm, 0.25rem);
    margin-left: var(--mcp-spacing-sm, 0.25rem);
  }
  ol.batch .item-head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--mcp-spacing-sm, 0.25rem);
  }
  ol.batch .summary {
    font-family: var(--mcp-font-mono, monospace);
    word-break: break-all;
  }
  ol.batch details summary {
    cursor: pointer;
  }
  .agent-limit {
    font-weight: var(--mcp-font-weight-medium, 600);
  }
`;
