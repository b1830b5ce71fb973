import { css } from 'lit';

/** Styles of <mcp-resource-browser> (besides the shared base and list styles). */
export const resourceBrowserStyles = css`
  :host {
    display: block;
  }
  .split {
    display: grid;
    grid-template-columns: minmax(10rem, 1fr) 2fr;
    gap: var(--mcp-spacing-lg, 1rem);
  }
  @media (max-width: 40rem) {
    .split {
      grid-template-columns: 1fr;
    }
  }
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
