import { css } from 'lit';

/** Shared list styles: selectable rows of server items (tools, resources, prompts). */
export const listStyles = css`
  ul.list {
    list-style: none;
    margin: 0;
    padding: 0;
    max-height: 28rem;
    overflow: auto;
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-md, 4px);
  }
  ul.list li + li {
    border-top: 1px solid var(--mcp-border, #8c959f);
  }
  .list button,
  button.tool-item {
    width: 100%;
    text-align: left;
    border: none;
    border-radius: 0;
    background: var(--mcp-background, #fff);
    display: block;
  }
  .list button[aria-current='true'] {
    background: var(--mcp-surface, #f4f6f8);
    box-shadow: inset 4px 0 0 var(--mcp-primary-color, #0b5cad);
  }
  .name {
    font-weight: var(--mcp-font-weight-medium, 600);
    word-break: break-word;
  }
  /* The name beside the title, not on a line of its own: rows stay near the virtualised list's
     100 px estimate (taller rows made a jump to the end of 5,000 tools land near the top). */
  .tool-id {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
    color: var(--mcp-text-secondary, #4d5661);
    word-break: break-word;
  }
  .sub {
    display: block;
    font-size: var(--mcp-font-size-sm, 0.8125rem);
    color: var(--mcp-text-secondary, #4d5661);
    word-break: break-word;
  }
  .sub.desc {
    display: -webkit-box;
    -webkit-line-clamp: 3;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  .badge {
    display: inline-block;
    font-size: var(--mcp-font-size-sm, 0.8125rem);
    border: 1px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-sm, 2px);
    padding: 0 4px;
    margin-right: var(--mcp-spacing-sm, 0.25rem);
  }
`;
