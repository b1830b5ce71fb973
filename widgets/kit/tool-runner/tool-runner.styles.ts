import { css } from 'lit';

/** The tool runner's own styles (besides the base styles and the MCPlet badges and check). */
export const toolRunnerStyles = css`
  :host {
    display: block;
  }
  h3 {
    margin: 0 0 var(--mcp-spacing-sm, 0.25rem);
    font-size: var(--mcp-font-size-lg, 1rem);
    word-break: break-word;
  }
  .status {
    margin: var(--mcp-spacing-md, 0.5rem) 0;
  }
  progress {
    width: 100%;
  }
  .meta {
    font-size: var(--mcp-font-size-sm, 0.8125rem);
  }
`;
