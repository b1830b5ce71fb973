import { css } from 'lit';
import { factListStyles } from '../../../widgets/kit/styles/facts.styles.js';

/** The box of every modal the host opens (dialogs and panels): bordered, on the page background, over a dimmed backdrop. */
export const modalBoxStyles = css`
  dialog {
    border: 2px solid var(--mcp-border, #8c959f);
    border-radius: var(--mcp-radius-lg, 8px);
    background: var(--mcp-background, #fff);
    color: var(--mcp-text-primary, #1b1f24);
    padding: var(--mcp-spacing-lg, 1rem);
  }
  dialog::backdrop {
    background: var(--mcp-overlay, rgb(0 0 0 / 0.5));
  }
`;

/**
 * The look every host dialog shares: a bordered box on the page background over a dimmed backdrop,
 * its title, a list of facts (`dl`), and the row of buttons at its end. A dialog narrower or wider
 * than 40rem says so in its own styles (`dialog { max-width }`), which follow these.
 */
export const dialogStyles = css`
  ${modalBoxStyles}
  dialog {
    max-width: min(40rem, 95vw);
    width: 100%;
  }
  h2 {
    margin: 0 0 var(--mcp-spacing-md, 0.5rem);
    font-size: var(--mcp-font-size-xl, 1.25rem);
    line-height: var(--mcp-line-height-tight, 1.25);
    word-break: break-word;
  }
  ${factListStyles}
  .actions {
    display: flex;
    justify-content: flex-end;
    gap: var(--mcp-spacing-md, 0.5rem);
    margin-top: var(--mcp-spacing-lg, 1rem);
  }
`;

/**
 * A dialog that fits the window whatever a server, an app or a registry gives it: a column no taller than the
 * window, whose long parts (marked `.grow`) scroll on their own, so the title, the question and the buttons stay
 * in view and the dialog itself never scrolls.
 */
export const fitScreenStyles = css`
  dialog[open] {
    display: flex;
    flex-direction: column;
    box-sizing: border-box;
    max-height: calc(100dvh - 2rem);
    overflow: hidden;
  }
  dialog[open] > * {
    flex-shrink: 0;
  }
  dialog[open] > .grow {
    flex-shrink: 1;
    min-height: 2.5rem;
    overflow: auto;
  }
`;

/** How a dialog shows a link it asks about: the host large on its own line, the full address as plain text in a box. */
export const linkStyles = css`
  .host {
    font-size: var(--mcp-font-size-xl, 1.25rem);
    font-weight: var(--mcp-font-weight-bold, 700);
    word-break: break-all;
  }
  .url,
  .reason {
    word-break: break-all;
    background: var(--mcp-surface, #f4f6f8);
    border: 1px solid var(--mcp-border, #8c959f);
    padding: var(--mcp-spacing-sm, 0.25rem);
  }
`;
