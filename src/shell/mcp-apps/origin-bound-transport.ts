import { PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';

/** A message that reached the host from the view's frame but was dropped, and why. */
export interface DroppedMessage {
  reason: 'origin';
  origin: string;
}

/**
 * The SDK's `PostMessageTransport`, bound to one frame *and* one origin. The SDK checks
 * `event.source` only and posts with target origin `"*"`; a host must also check `event.origin`
 * (the sandbox proxy's origin) and should only ever post to that origin, so that nothing reaches
 * whatever else the frame might have been navigated to. Parsing and JSON-RPC stay the SDK's.
 */
export class OriginBoundTransport extends PostMessageTransport {
  private readonly frame: Window;
  private readonly origin: string;
  private readonly onDrop: (dropped: DroppedMessage) => void;
  private readonly gate = (event: MessageEvent) => {
    if (event.source !== this.frame) return;
    if (event.origin !== this.origin) {
      // Registered in the capture phase on window, so it runs before the SDK's listener.
      event.stopImmediatePropagation();
      this.onDrop({ reason: 'origin', origin: event.origin });
    }
  };

  constructor(frame: Window, origin: string, onDrop: (dropped: DroppedMessage) => void = () => {}) {
    super(frame, frame);
    this.frame = frame;
    this.origin = origin;
    this.onDrop = onDrop;
  }

  override async start(): Promise<void> {
    window.addEventListener('message', this.gate, { capture: true });
    await super.start();
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    this.frame.postMessage(message, this.origin);
  }

  override async close(): Promise<void> {
    window.removeEventListener('message', this.gate, { capture: true });
    await super.close();
  }
}
