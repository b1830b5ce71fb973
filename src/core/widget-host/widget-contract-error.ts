/** One broken rule of the widget contract, named by its MCP-WP rule ID. */
export interface ContractViolation {
  rule: string;
  /** JSON pointer into the factory result ('' = the result itself). */
  path: string;
  message: string;
}

/** A widget broke a rule of the contract; `rule` is the MCP-WP rule ID of the first violation. */
export class WidgetContractError extends Error {
  readonly violations: ContractViolation[];

  constructor(
    readonly rule: string,
    message: string,
    violations?: ContractViolation[],
  ) {
    super(`${message} (${rule})`);
    this.name = 'WidgetContractError';
    this.violations = violations ?? [{ rule, path: '', message }];
  }
}
