// The EventBus handed to widgets (MCP-WP §6.1).

import type { Unsubscribe } from './common.js';

/** Metadata passed alongside every bus event. */
export interface BusEventMeta {
  /** Event name as emitted. */
  event: string;
  /** Milliseconds since epoch. */
  timestamp: number;
  /** Who emitted: 'host' or a widget id. */
  source: string;
}

/** Handler for bus events: `data` first, metadata second. */
export type BusHandler<T = any> = (data: T, meta: BusEventMeta) => void;

/** EventBus interface handed to widgets (MCP-WP-6.1). */
export interface EventBusInterface {
  on<T = any>(event: string, handler: BusHandler<T>): Unsubscribe;
  off(event: string, handler: BusHandler): void;
  emit(event: string, data?: unknown): void;
}
