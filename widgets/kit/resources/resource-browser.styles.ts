import { css } from 'lit';
import { splitStyles } from '../styles/split.styles.js';

/** Styles of <mcp-resource-browser> (besides the shared base and list styles). */
export const resourceBrowserStyles = css`
  ${splitStyles}
  h3 {
    font-size: var(--mcp-font-size-lg, 1rem);
    margin: var(--mcp-spacing-md, 0.5rem) 0;
  }
  .toolbar {
    display: flex;
    gap: var(--mcp-spacing-sm, 0.25rem);
    align-items: center;
    flex-wrap: wrap;
  }
`;
