/** User-visible strings of mcp-resource-explorer-widget (issue 7 translates these through I18n). */
export const strings = {
  loading: 'Loading\u2026',
  heading: (server: string) => `Resources of ${server}`,
};
