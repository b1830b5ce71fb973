import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DependenciesObject, Unsubscribe } from '../../../src/core/shared/types.js';

/** An element that shows host state of one server (its `deps` and `serverName` may change at run time). */
type ServerStateHost = ReactiveControllerHost & { deps: DependenciesObject | undefined; serverName: string };

/**
 * Keeps an element's copy of a server's host state fresh: calls `read` on connect, whenever `deps` or
 * `serverName` change, and whenever the host announces `event` for that server (e.g. `mcp:task:*`,
 * `mcp:roots:changed`); stops listening on disconnect. Shared by the task list and the roots editor.
 */
export class ServerEventsController implements ReactiveController {
  private off: Unsubscribe | undefined;
  private followed: { deps: DependenciesObject | undefined; serverName: string } | undefined;

  constructor(
    private readonly host: ServerStateHost,
    private readonly event: string,
    private readonly read: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.follow();
  }

  hostUpdate(): void {
    if (this.followed?.deps !== this.host.deps || this.followed?.serverName !== this.host.serverName) this.follow();
  }

  hostDisconnected(): void {
    this.off?.();
    this.off = undefined;
    this.followed = undefined;
  }

  private follow(): void {
    this.off?.();
    const { deps, serverName } = this.host;
    this.followed = { deps, serverName };
    this.off = deps?.EventBus.on(this.event, (d: { serverName?: string }) => {
      if (d?.serverName === this.host.serverName) this.read();
    });
    this.read();
  }
}
