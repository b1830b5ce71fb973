import type { ConfirmationAnswer, ConfirmationRequest } from '../../core/invocation/tool-invoker.js';

/** One question waiting for the user, with the means to answer it. */
export interface BatchItem {
  request: ConfirmationRequest;
  settle(answer: ConfirmationAnswer): void;
  readonly settled: boolean;
}

/**
 * Which requests may share one dialog: the calls of one MCP App view (to its own server), and every call of one
 * agent (to any server, through any widget: a flood of them is one list, not a wall of dialogs). A person's own
 * calls are asked one at a time.
 */
export function batchKey(request: ConfirmationRequest): string | undefined {
  const c = request.caller;
  if (c.surface === 'agent') return JSON.stringify(['agent', c.id]);
  return c.surface === 'app' ? JSON.stringify([c.id, c.viewId ?? '', request.serverName]) : undefined;
}

/** True when the policy asks for the person's passkey too: such a call is never confirmed by "Confirm all". */
export function needsPasskey(item: BatchItem): boolean {
  return item.request.policy?.decision.decision === 'passkey';
}

/** Wraps a request and its resolver; settling twice does nothing. */
export function batchItem(request: ConfirmationRequest, resolve: (answer: ConfirmationAnswer) => void): BatchItem {
  let settled = false;
  return {
    request,
    settle(answer) {
      if (settled) return;
      settled = true;
      resolve(answer);
    },
    get settled() {
      return settled;
    },
  };
}

/**
 * A group of questions shown in one dialog. Its `signal` aborts once every question in it was
 * withdrawn (their callers went away), so a group nobody waits for any more is never shown.
 */
export class Batch {
  readonly items: BatchItem[] = [];
  private readonly controller = new AbortController();

  constructor(
    readonly key: string | undefined,
    private readonly onWithdrawn: (item: BatchItem) => void,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The questions still waiting, in the order they came. */
  get open(): BatchItem[] {
    return this.items.filter((i) => !i.settled);
  }

  add(item: BatchItem): void {
    this.items.push(item);
    const signal = item.request.signal;
    if (!signal) return;
    const withdraw = () => {
      if (item.settled) return;
      item.settle({ confirmed: false });
      this.onWithdrawn(item);
      if (this.open.length === 0) this.controller.abort();
    };
    if (signal.aborted) withdraw();
    else signal.addEventListener('abort', withdraw, { once: true });
  }
}
