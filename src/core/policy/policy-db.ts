import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AuditEntry } from '../audit/audit-types.js';
import type { ConsentRecord } from './consent-store.js';

interface PolicyDB extends DBSchema {
  audit: { key: number; value: AuditEntry; indexes: { time: number } };
  consents: { key: string; value: ConsentRecord };
}

/** The policy database handle (audit log + remembered consents). */
export type PolicyDatabase = IDBPDatabase<PolicyDB>;

/**
 * Opens the IndexedDB database that holds the audit log and remembered consents. It is separate from
 * the preferences database so each can change its version without touching the other.
 */
export function openPolicyDatabase(name: string): Promise<PolicyDatabase> {
  return openDB<PolicyDB>(name, 1, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('audit')) {
        const audit = db.createObjectStore('audit', { keyPath: 'id', autoIncrement: true });
        audit.createIndex('time', 'time');
      }
      if (!db.objectStoreNames.contains('consents')) db.createObjectStore('consents', { keyPath: 'key' });
    },
  });
}
