import { css } from 'lit';
import { modalBoxStyles } from '../dialogs/dialog.styles.js';

/**
 * The look the large panels opened from the header share (audit log, servers): a bordered modal box at most
 * 90% of the screen high over a dimmed backdrop, a title bar, section headings, and compact tables. Each
 * panel sets its own width in its styles, which follow these.
 */
export const panelStyles = css`
  ${modalBoxStyles}
  dialog {
    max-height: 90vh;
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    gap: var(--mcp-spacing-md, 0.5rem);
    align-items: center;
  }
  h2 {
    margin: 0;
    font-size: var(--mcp-font-size-xl, 1.25rem);
    line-height: var(--mcp-line-height-tight, 1.25);
    flex: 1;
  }
  h3 {
    font-size: var(--mcp-font-size-lg, 1rem);
    margin: var(--mcp-spacing-lg, 1rem) 0 var(--mcp-spacing-sm, 0.25rem);
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 2px 6px;
    border-bottom: 1px solid var(--mcp-border, #8c959f);
    word-break: break-word;
  }
  ul {
    padding-left: 1.25rem;
  }
`;
