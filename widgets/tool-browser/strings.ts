/** User-visible strings of mcp-tool-browser-widget (issue 7 translates these through I18n). */
export const strings = {
  loading: 'Loading\u2026',
  heading: (server: string) => `Tools of ${server}`,
};
