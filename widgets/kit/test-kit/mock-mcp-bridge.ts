import type {
  CompletionRef,
  CompletionResult,
  LogEntry,
  LogLevel,
  RootEntry,
  RootView,
  TaskRecord,
  MCPBridgeInterface,
  MCPPrompt,
  MCPResource,
  MCPServerConnection,
  MCPServerInfo,
  MCPTool,
  PromptMessages,
  ResourceContents,
  SamplingRequest,
  SamplingResult,
  ToolResult,
  Unsubscribe,
} from '../../../src/core/shared/types.js';

/** One recorded bridge call. */
export interface BridgeCall {
  method: string;
  args: unknown[];
}

/** MockMCPBridge (MCP-WP-17.9.1): answers from canned data and records every call. */
export class MockMCPBridge implements MCPBridgeInterface {
  private readonly history: BridgeCall[] = [];
  private readonly toolResults = new Map<string, ToolResult>();
  private readonly resourceContents = new Map<string, ResourceContents>();
  private readonly promptMessages = new Map<string, PromptMessages>();
  private readonly subscriptions = new Set<{ uri: string; callback: (uri: string) => void }>();
  private readonly completions = new Map<string, string[]>();
  private readonly tasks: TaskRecord[] = [];
  private readonly log: LogEntry[] = [];
  private level: LogLevel | undefined;
  private roots: RootView[] = [];

  constructor(public info: MCPServerInfo) {}

  /** Canned result for `callTool(toolName)`. */
  setToolResult(toolName: string, result: ToolResult): void {
    this.toolResults.set(toolName, result);
  }

  /** Canned contents for `readResource(uri)`. */
  setResourceContents(uri: string, contents: ResourceContents): void {
    this.resourceContents.set(uri, contents);
  }

  /** Canned messages for `getPrompt(name)`. */
  setPromptMessages(name: string, messages: PromptMessages): void {
    this.promptMessages.set(name, messages);
  }

  /** Replaces the lists that `listTools` etc. return (to test refresh). */
  setLists(lists: Partial<Pick<MCPServerInfo, 'tools' | 'resources' | 'prompts'>>): void {
    this.info = { ...this.info, ...lists };
  }

  /** Canned suggestions for an argument (`complete` filters them by the typed prefix). */
  setCompletions(argumentName: string, values: string[]): void {
    this.completions.set(argumentName, values);
  }

  /** Adds a task the host would know (`getTasks`). */
  addTask(task: TaskRecord): void {
    this.tasks.unshift(task);
  }

  /** Adds a server log message (`getLog`). */
  addLog(entry: Omit<LogEntry, 'seq' | 'serverName' | 'time'> & Partial<LogEntry>): void {
    this.log.push({ seq: this.log.length + 1, serverName: this.info.serverName, time: Date.now(), ...entry });
  }

  /** Every call made so far (MCP-WP-17.9.1). */
  getCallHistory(): BridgeCall[] {
    return [...this.history];
  }

  /** Resource subscriptions still open (0 after a clean destroy). */
  activeSubscriptions(): number {
    return this.subscriptions.size;
  }

  /** Simulates `notifications/resources/updated`. */
  notifyUpdated(uri: string): void {
    for (const s of [...this.subscriptions]) if (s.uri === uri) s.callback(uri);
  }

  private record(method: string, args: unknown[]): void {
    this.history.push({ method, args });
  }

  getServer(serverName: string): MCPServerConnection | undefined {
    this.record('getServer', [serverName]);
    return serverName === this.info.serverName
      ? { serverName, transport: this.info.transport, state: 'connected', info: this.info, lastError: null }
      : undefined;
  }

  listServers(): string[] {
    this.record('listServers', []);
    return [this.info.serverName];
  }

  isConnected(serverName: string): boolean {
    this.record('isConnected', [serverName]);
    return serverName === this.info.serverName;
  }

  async callTool(serverName: string, toolName: string, args: object): Promise<ToolResult> {
    this.record('callTool', [serverName, toolName, args]);
    return this.toolResults.get(toolName) ?? { content: [{ type: 'text', text: `result of ${toolName}` }] };
  }

  async readResource(serverName: string, uri: string): Promise<ResourceContents> {
    this.record('readResource', [serverName, uri]);
    return (
      this.resourceContents.get(uri) ?? { contents: [{ uri, mimeType: 'text/plain', text: `contents of ${uri}` }] }
    );
  }

  async getPrompt(serverName: string, promptName: string, args: object): Promise<PromptMessages> {
    this.record('getPrompt', [serverName, promptName, args]);
    return (
      this.promptMessages.get(promptName) ?? {
        messages: [{ role: 'user', content: { type: 'text', text: `prompt ${promptName}` } }],
      }
    );
  }

  async createMessage(serverName: string, request: SamplingRequest): Promise<SamplingResult> {
    this.record('createMessage', [serverName, request]);
    return { role: 'assistant', content: { type: 'text', text: 'mock reply' }, model: 'mock' };
  }

  async listTools(serverName: string): Promise<MCPTool[]> {
    this.record('listTools', [serverName]);
    return this.info.tools;
  }

  async listResources(serverName: string): Promise<MCPResource[]> {
    this.record('listResources', [serverName]);
    return this.info.resources;
  }

  async listPrompts(serverName: string): Promise<MCPPrompt[]> {
    this.record('listPrompts', [serverName]);
    return this.info.prompts;
  }

  subscribeToResource(serverName: string, uri: string, callback: (uri: string) => void): Unsubscribe {
    this.record('subscribeToResource', [serverName, uri]);
    const entry = { uri, callback };
    this.subscriptions.add(entry);
    return () => {
      this.subscriptions.delete(entry);
    };
  }

  async complete(
    serverName: string,
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<CompletionResult> {
    this.record('complete', [serverName, ref, argument, context]);
    const values = (this.completions.get(argument.name) ?? []).filter((v) => v.startsWith(argument.value));
    return { values, total: values.length, hasMore: false };
  }

  getTasks(serverName: string): TaskRecord[] {
    this.record('getTasks', [serverName]);
    return [...this.tasks];
  }

  async listTasks(serverName: string): Promise<TaskRecord[]> {
    this.record('listTasks', [serverName]);
    return [...this.tasks];
  }

  async cancelTask(serverName: string, taskId: string): Promise<TaskRecord | undefined> {
    this.record('cancelTask', [serverName, taskId]);
    return this.tasks.find((t) => t.taskId === taskId);
  }

  async fetchTaskResult(serverName: string, taskId: string): Promise<TaskRecord | undefined> {
    this.record('fetchTaskResult', [serverName, taskId]);
    return this.tasks.find((t) => t.taskId === taskId);
  }

  getLog(serverName: string): LogEntry[] {
    this.record('getLog', [serverName]);
    return [...this.log];
  }

  getLoggingLevel(serverName: string): LogLevel | undefined {
    this.record('getLoggingLevel', [serverName]);
    return this.level;
  }

  async setLoggingLevel(serverName: string, level: LogLevel): Promise<void> {
    this.record('setLoggingLevel', [serverName, level]);
    this.level = level;
  }

  getRoots(serverName: string): RootView[] {
    this.record('getRoots', [serverName]);
    return [...this.roots];
  }

  async setRoots(serverName: string, roots: RootEntry[]): Promise<RootView[]> {
    this.record('setRoots', [serverName, roots]);
    this.roots = roots.map((r) => ({ ...r, scope: 'server' as const }));
    return [...this.roots];
  }
}
