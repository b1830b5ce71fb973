// An agent can ask for many calls at once; each that needs the person waits in the confirmation dialog (one
// dialog per agent, shell/dialogs/confirm-batch.ts). These limits keep such a flood from burying the person:
// at most MAX_WAITING_PER_AGENT calls of one agent wait at a time (the next is refused at once), and the person
// can deny everything from that agent for AGENT_BLOCK_MS (kept across reloads of the tab). The record: docs/decisions/consent-floods.md.

import type { CallerContext } from '../shared/types.js';

/**
 * How many calls of one agent may wait for the person at once. The dialog lists them all; a person can still
 * read twenty lines, and no real agent needs more answers pending than that.
 */
export const MAX_WAITING_PER_AGENT = 20;

/** How long "Deny all from this agent" lasts: 10 minutes. */
export const AGENT_BLOCK_MS = 10 * 60_000;

/**
 * Why a call of an agent is refused: `max` of its calls wait already ('full'), the person denied the agent for a
 * while ('blocked': refused without asking), or the person chose "Deny all from this agent" while this call waited
 * ('denied-all').
 */
export type FloodRefusal = { kind: 'full'; agentId: string; waiting: number } | AgentDenied;

/** The person denied an agent until `until` (ms since epoch). */
export interface AgentDenied {
  kind: 'blocked' | 'denied-all';
  agentId: string;
  until: number;
}

/** A call admitted to wait for the person; `release` once it was answered (or withdrawn). */
export interface Admitted {
  kind: 'admitted';
  release(): void;
}

/** The key a caller's waiting calls are counted under: its agent id (through any widget); undefined for others. */
export function floodKey(caller: CallerContext): string | undefined {
  return caller.surface === 'agent' ? caller.id : undefined;
}

/** What the agent is told when its call is refused here (plain English, as every error an agent reads). */
export function floodMessage(refusal: FloodRefusal): string {
  if (refusal.kind === 'full')
    return `${refusal.waiting} calls from this agent are already waiting for the person; this one was refused. Wait for the person to answer them, then try again.`;
  const until = new Date(refusal.until).toISOString();
  const denied = `The person denied all calls from agent "${refusal.agentId}" for ${Math.round(AGENT_BLOCK_MS / 60_000)} minutes, until ${until}`;
  return refusal.kind === 'denied-all'
    ? `${denied}, this one included; nothing was sent to the server.`
    : `${denied}; this call was refused without asking. Try again after ${until}.`;
}

/** Where the agents the person denied are kept across reloads of the tab (a string holding JSON). */
export interface BlockStore {
  read(): string | null;
  write(value: string): void;
}

const BLOCK_KEY = 'mcp-dashboard:denied-agents';

/**
 * The tab's sessionStorage: a denial outlives a reload of the page (an agent keeps acting on the tab) but not the
 * tab. Undefined where there is none (or it refuses, as in some private modes): the denial then lasts this page.
 */
export function sessionBlockStore(): BlockStore | undefined {
  try {
    const storage = globalThis.sessionStorage;
    if (!storage) return undefined;
    return { read: () => storage.getItem(BLOCK_KEY), write: (value) => storage.setItem(BLOCK_KEY, value) };
  } catch {
    return undefined;
  }
}

/** Counts each agent's calls waiting for the person, and the agents the person denied for a while. */
export class ConsentFloods {
  private readonly waiting = new Map<string, number>();
  private readonly blocked = new Map<string, number>();
  private readonly max: number;
  private readonly now: () => number;
  private readonly store: BlockStore | undefined;

  /** `store`: where denials outlive the page (the shell passes sessionBlockStore()); without one, they last the page. */
  constructor(options: { max?: number; now?: () => number; store?: BlockStore } = {}) {
    this.max = options.max ?? MAX_WAITING_PER_AGENT;
    this.now = options.now ?? Date.now;
    this.store = options.store;
    this.load();
  }

  /** Reads the denials still running from the store; anything unreadable there counts as none. */
  private load(): void {
    try {
      const saved: unknown = JSON.parse(this.store?.read() ?? '{}');
      if (!saved || typeof saved !== 'object') return;
      for (const [agent, until] of Object.entries(saved))
        if (typeof until === 'number' && until > this.now()) this.blocked.set(agent, until);
    } catch {
      // A value some other code wrote, or storage that refuses: no denials are carried over.
    }
  }

  private save(): void {
    try {
      this.store?.write(JSON.stringify(Object.fromEntries(this.blocked)));
    } catch {
      // Storage full or refused: the denial still holds for this page.
    }
  }

  /** Until when the person denied this caller's agent (ms since epoch), or undefined when it is not denied now. */
  blockedUntil(caller: CallerContext): number | undefined {
    const key = floodKey(caller);
    const until = key === undefined ? undefined : this.blocked.get(key);
    if (until === undefined) return undefined;
    if (until > this.now()) return until;
    this.blocked.delete(key!);
    this.save();
    return undefined;
  }

  /** The refusal for a call of a denied agent, or undefined when the call may go on. */
  checkBlocked(caller: CallerContext): AgentDenied | undefined {
    const until = this.blockedUntil(caller);
    return until === undefined ? undefined : { kind: 'blocked', agentId: caller.id, until };
  }

  /**
   * Admits a call that is about to wait for the person, or says why it may not: its agent is denied for now, or
   * `max` of its calls wait already. Callers that are not agents are always admitted.
   */
  admit(caller: CallerContext): Admitted | FloodRefusal {
    const key = floodKey(caller);
    if (key === undefined) return { kind: 'admitted', release: () => {} };
    const blocked = this.checkBlocked(caller);
    if (blocked) return blocked;
    const waiting = this.waiting.get(key) ?? 0;
    if (waiting >= this.max) return { kind: 'full', agentId: key, waiting };
    this.waiting.set(key, waiting + 1);
    let released = false;
    return {
      kind: 'admitted',
      release: () => {
        if (released) return;
        released = true;
        const left = (this.waiting.get(key) ?? 1) - 1;
        if (left > 0) this.waiting.set(key, left);
        else this.waiting.delete(key);
      },
    };
  }

  /** How many of this caller's agent's calls wait for the person now. */
  waitingFor(caller: CallerContext): number {
    const key = floodKey(caller);
    return key === undefined ? 0 : (this.waiting.get(key) ?? 0);
  }

  /** Denies every call of this caller's agent for `ms` from now (a later end wins); returns when it ends. */
  block(caller: CallerContext, ms = AGENT_BLOCK_MS): number | undefined {
    const key = floodKey(caller);
    if (key === undefined) return undefined;
    const until = Math.max(this.blocked.get(key) ?? 0, this.now() + ms);
    this.blocked.set(key, until);
    this.save();
    return until;
  }
}
