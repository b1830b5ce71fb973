import { css } from 'lit';

/** A list of facts (`dl`): each term in bold beside its value, in two columns. */
export const factListStyles = css`
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: var(--mcp-spacing-xs, 0.125rem) var(--mcp-spacing-md, 0.5rem);
    margin: 0;
  }
  dt {
    font-weight: var(--mcp-font-weight-medium, 600);
  }
  dd {
    margin: 0;
    word-break: break-word;
  }
`;

/** A compact table of records: small text, a rule under each row, and the colours of an outcome. */
export const recordTableStyles = css`
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
`;
