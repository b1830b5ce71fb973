import { css } from 'lit';

/** A list beside what is chosen in it (a third and two thirds), one above the other on a narrow screen. */
export const splitStyles = css`
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
`;
