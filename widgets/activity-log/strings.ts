/** User-visible strings of mcp-activity-log-widget (issue 7 translates these through I18n). */
export const strings = {
  loading: 'Loading\u2026',
  heading: (server: string) => `Activity of ${server}`,
  latency: 'Tool call latency',
  calls: 'Calls, reads and prompts, newest first',
  clear: 'Clear log',
};
