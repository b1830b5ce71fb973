// Small shared types: unsubscribe functions and untrusted JSON Schemas.

/** Removes a listener or subscription. */
export type Unsubscribe = () => void;

/** JSON Schema object as delivered by a server; never trusted. */
export type JSONSchema = Record<string, unknown>;
