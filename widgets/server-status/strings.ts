/** User-visible strings of mcp-server-status-widget (issue 7 translates these through I18n). */
export const strings = {
  loading: 'Loading\u2026',
  label: (server: string) => `Status of ${server}`,
  counts: (tools: number, resources: number, prompts: number) => `${tools} tools \u00b7 ${resources} resources \u00b7 ${prompts} prompts`,
  lastActivity: (time: string) => `Last activity ${time}`,
  noActivity: 'No activity yet',
};
