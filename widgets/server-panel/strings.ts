/** User-visible strings of mcp-server-panel-widget (issue 7 translates these through I18n). */
export const strings = {
  tabs: { overview: 'Overview', tools: 'Tools', resources: 'Resources', prompts: 'Prompts', activity: 'Activity' },
  sections: (server: string) => `${server} sections`,
  loading: 'Loading\u2026',
  overview: {
    server: 'Server',
    reportsAs: 'Reports itself as',
    transport: 'Transport',
    protocol: 'MCP protocol',
    capabilities: 'Capabilities',
    none: 'none',
    tools: 'Tools',
    resources: 'Resources',
    prompts: 'Prompts',
    connection: 'Connection',
    instructions: 'Instructions from the server',
    templates: (n: number) => ` (+${n} templates)`,
  },
  activityCaption: (server: string) => `Activity for ${server}, newest first`,
  apps: (server: string) => `Apps of ${server}`,
  appProblem: (message: string) => `Could not open the app: ${message}`,
};
