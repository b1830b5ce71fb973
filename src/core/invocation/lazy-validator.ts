import type { JSONSchema } from '../shared/types.js';
import type { SchemaValidator, ValidationResult } from './validation.js';

/** What the ToolInvoker needs: a verdict on arguments, now or once the validator has loaded. */
export interface ArgumentValidator {
  validate(schema: JSONSchema, value: unknown): ValidationResult | Promise<ValidationResult>;
  /** Why the schema cannot be used to check arguments (invalid, remote `$ref`, `$ref` loop), or undefined. */
  schemaProblem(schema: JSONSchema): string | undefined | Promise<string | undefined>;
}

/** How the validator module is fetched (a dynamic import in the product; replaceable in unit tests). */
export type ValidatorLoader = () => Promise<{ SchemaValidator: new () => SchemaValidator }>;

const defaultLoader: ValidatorLoader = () => import('./validation.js');

/**
 * The host's argument validator, loaded on demand. ajv and its formats are about a quarter of the
 * dashboard's JavaScript, and nothing before the first tool call needs them, so they live in their
 * own chunk: `preload()` fetches it once the page is up, and `validate()` waits for it if a call
 * comes first. If the chunk cannot be loaded the call fails closed with a reason (MCP-WP-11.2.3:
 * nothing unvalidated is ever sent), and the next call tries again.
 */
export class LazySchemaValidator implements ArgumentValidator {
  private loading: Promise<SchemaValidator> | undefined;
  private loaded: SchemaValidator | undefined;

  constructor(private readonly loader: ValidatorLoader = defaultLoader) {}

  /** Resolves with the ajv-backed validator, loading its chunk once. */
  load(): Promise<SchemaValidator> {
    if (this.loaded) return Promise.resolve(this.loaded);
    this.loading ??= this.loader().then(
      ({ SchemaValidator }) => (this.loaded = new SchemaValidator()),
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /** Starts loading without waiting; failures are left for the first `validate()` to report. */
  preload(): void {
    this.load().catch(() => {});
  }

  /** True once the validator is in memory (`validate` then answers without waiting). */
  get ready(): boolean {
    return this.loaded !== undefined;
  }

  /** The validator when it is in memory (for synchronous checks that run only after a load was awaited). */
  get current(): SchemaValidator | undefined {
    return this.loaded;
  }

  /** Why the schema is unusable; undefined when it is usable or the checker could not load (`validate` then refuses). */
  async schemaProblem(schema: JSONSchema): Promise<string | undefined> {
    let validator: SchemaValidator;
    try {
      validator = this.loaded ?? (await this.load());
    } catch {
      return undefined;
    }
    return validator.schemaProblem(schema);
  }

  /** Validates `value` against `schema`; a validator that cannot be loaded refuses (fails closed). */
  async validate(schema: JSONSchema, value: unknown): Promise<ValidationResult> {
    let validator: SchemaValidator;
    try {
      validator = this.loaded ?? (await this.load());
    } catch (error) {
      const reason = (error as Error)?.message ?? String(error);
      return {
        ok: false,
        problems: [
          {
            path: '',
            message: `the argument checker could not be loaded (${reason}); nothing was sent. Reload the page and try again.`,
          },
        ],
      };
    }
    return validator.validate(schema, value);
  }
}
