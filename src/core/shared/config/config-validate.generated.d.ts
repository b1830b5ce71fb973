// Types of the generated validator (scripts/gen-config-validator.ts): an ajv ValidateFunction.
import type { ValidateFunction } from 'ajv';

declare const validate: ValidateFunction;
export default validate;
export { validate };
