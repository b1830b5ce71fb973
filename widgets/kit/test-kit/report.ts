/** A failed check (MCP-WP-17.2.1). */
export interface TestFailure {
  rule: string;
  description: string;
  severity: 'critical' | 'error';
  location?: string;
}

/** Something worth fixing that does not fail the category (MCP-WP-17.2.1). */
export interface TestWarning {
  rule: string;
  description: string;
  recommendation: string;
}

/** One check that was run; passed or not (extension: lets the score be computed per category). */
export interface CheckOutcome {
  rule: string;
  description: string;
  passed: boolean;
}

/** Result of one category (MCP-WP-17.2.1), plus the checks behind it. */
export interface TestResult {
  category: string;
  passed: boolean;
  failures: TestFailure[];
  warnings: TestWarning[];
  executionTime: number;
  checks: CheckOutcome[];
}

/** The whole report (MCP-WP-17.2.1). */
export interface ConformanceReport {
  version: string;
  timestamp: string;
  widgetName: string;
  passed: boolean;
  results: TestResult[];
  overallScore: number;
  certificationEligible: boolean;
}

/** Test kit version, written into every report. */
export const TEST_KIT_VERSION = '1.0.0';

/** Category weights of the overall score (sum 100). */
export const WEIGHTS: Record<string, number> = {
  lifecycle: 20,
  events: 15,
  accessibility: 15,
  performance: 15,
  security: 20,
  metadata: 15,
};

/** Collects checks for one category. */
export class CategoryRecorder {
  readonly checks: CheckOutcome[] = [];
  readonly failures: TestFailure[] = [];
  readonly warnings: TestWarning[] = [];
  private readonly started = performance.now();

  constructor(readonly category: string) {}

  /** Records a check; a failure carries its description and severity. */
  check(
    rule: string,
    description: string,
    passed: boolean,
    detail?: string,
    severity: 'critical' | 'error' = 'error',
    location?: string,
  ): boolean {
    this.checks.push({ rule, description, passed });
    if (!passed)
      this.failures.push({
        rule,
        description: detail ? `${description}: ${detail}` : description,
        severity,
        ...(location ? { location } : {}),
      });
    return passed;
  }

  /** Records a warning (does not count for or against the score). */
  warn(rule: string, description: string, recommendation: string): void {
    this.warnings.push({ rule, description, recommendation });
  }

  /** The category result. */
  result(): TestResult {
    return {
      category: this.category,
      passed: this.failures.length === 0,
      failures: this.failures,
      warnings: this.warnings,
      executionTime: Math.round(performance.now() - this.started),
      checks: this.checks,
    };
  }
}

/** Share of passed checks in a category (1 when it had none). */
export function passRate(result: TestResult): number {
  return result.checks.length === 0 ? 1 : result.checks.filter((c) => c.passed).length / result.checks.length;
}

/**
 * The overall score (weighted pass rates, 0–100) and certification per MCP-WP-17.10.1: lifecycle,
 * events and security 100 %, accessibility ≥ 90 %, performance ≥ 80 %, score ≥ 85. Metadata must
 * pass too: a host refuses a widget whose metadata breaks §4 (MCP-WP-3.1.4).
 */
export function scoreReport(widgetName: string, results: TestResult[]): ConformanceReport {
  const rate = (category: string) => {
    const r = results.find((x) => x.category === category);
    return r ? passRate(r) : 0;
  };
  const overallScore = Math.round(
    Object.entries(WEIGHTS).reduce((sum, [category, weight]) => sum + weight * rate(category), 0),
  );
  const certificationEligible =
    rate('lifecycle') === 1 &&
    rate('events') === 1 &&
    rate('security') === 1 &&
    rate('metadata') === 1 &&
    rate('accessibility') >= 0.9 &&
    rate('performance') >= 0.8 &&
    overallScore >= 85;
  return {
    version: TEST_KIT_VERSION,
    timestamp: new Date().toISOString(),
    widgetName,
    passed: results.every((r) => r.passed),
    results,
    overallScore,
    certificationEligible,
  };
}
