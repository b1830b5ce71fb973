import { css } from 'lit';

/** Styles of mcp-saved-calls, the comparison table included. */
export const savedCallsStyles = css`
  :host {
    display: block;
  }
  :host([hidden]) {
    display: none;
  }
  section.panel {
    border: 2px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-lg, 8px);
    padding: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
    margin: var(--mcp-spacing-md, 0.5rem) var(--mcp-spacing-lg, 1rem);
    background: var(--mcp-background, #fff);
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
    margin: var(--mcp-spacing-md, 0.5rem) 0 var(--mcp-spacing-sm, 0.25rem);
  }
  ul.calls {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: var(--mcp-spacing-md, 0.5rem);
  }
  ul.calls > li {
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-md, 4px);
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
  }
  .draft {
    border: 2px dashed var(--mcp-border, #8c959f);
    padding: var(--mcp-spacing-sm, 0.25rem) var(--mcp-spacing-md, 0.5rem);
  }
  pre {
    max-height: 10rem;
    overflow: auto;
    margin: 2px 0;
    white-space: pre-wrap;
    word-break: break-word;
  }
  ul.runs {
    list-style: none;
    padding: 0;
    margin: 2px 0;
  }
  .scroll {
    max-height: 50vh;
    overflow: auto;
  }
  table.diff {
    border-collapse: collapse;
    width: 100%;
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
  table.diff th,
  table.diff td {
    border: 1px solid var(--mcp-border, #8c959f);
    padding: 2px 4px;
    vertical-align: top;
    text-align: left;
  }
  table.lines {
    border-collapse: collapse;
    width: 100%;
    font-family: ui-monospace, monospace;
  }
  table.lines td {
    border: none;
    white-space: pre-wrap;
    word-break: break-word;
    width: 50%;
  }
  tr.line.removed td.left,
  tr.line.changed td.left,
  tr[data-kind='removed'] td.left {
    background: var(--mcp-error-light, #ffebe9);
  }
  tr.line.added td.right,
  tr.line.changed td.right,
  tr[data-kind='added'] td.right {
    background: var(--mcp-success-light, #dafbe1);
  }
  tr[data-kind='changed'] > td.left {
    background: var(--mcp-error-light, #ffebe9);
  }
  tr[data-kind='changed'] > td.right {
    background: var(--mcp-success-light, #dafbe1);
  }
  .problem {
    font-weight: var(--mcp-font-weight-medium, 600);
  }
`;
