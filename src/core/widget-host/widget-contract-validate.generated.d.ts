// Types of the generated validator (scripts/gen-widget-contract.ts): an ajv ValidateFunction.
import type { ValidateFunction } from 'ajv';

declare const validate: ValidateFunction;
export default validate;
export { validate };
