import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LayoutStore } from './layout-store.js';

/** How a wall screen shows the dashboard. */
export interface WallScreenOptions {
  /** Show the next dashboard every this many seconds (none: stay on the one shown). */
  rotateSeconds?: number;
  /** Type and tiles at this percentage of their usual size (100–300; 150 by default). */
  scale?: number;
}

/** The fewest seconds between two dashboards of a rotation. */
const MIN_ROTATE_SECONDS = 5;

/**
 * The wall-screen options an address asks for: `?wall` (or `?kiosk`, Grafana's word), with `rotate=<seconds>` and
 * `scale=<percent>`. Undefined when the address asks for none; values out of range are brought into it.
 */
export function wallScreenFromUrl(search: string): WallScreenOptions | undefined {
  const params = new URLSearchParams(search);
  if (!params.has('wall') && !params.has('kiosk')) return undefined;
  const options: WallScreenOptions = {};
  const rotate = Number(params.get('rotate'));
  if (Number.isFinite(rotate) && rotate > 0) options.rotateSeconds = Math.max(MIN_ROTATE_SECONDS, Math.round(rotate));
  const scale = Number(params.get('scale'));
  if (Number.isFinite(scale) && scale > 0) options.scale = Math.min(300, Math.max(100, Math.round(scale)));
  return options;
}

/** What the wall screen needs of the dashboard. */
export interface WallScreenHost extends ReactiveControllerHost, HTMLElement {
  layoutStore(): LayoutStore | undefined;
  announce(message: string): void;
  t(key: string, variables?: Record<string, unknown>): string;
}

/**
 * Wall-screen mode (Grafana's kiosk): the dashboard without its bars, type and tiles larger, full screen when the
 * browser allows it, optionally rotating through the dashboards. The host gets the `wall` attribute (its styles
 * hide the bars); Escape leaves. What it changes is undone on leaving — one timer, no listener left behind — so a
 * screen that runs for days holds nothing more on its thousandth rotation than on its first.
 */
export class WallScreenController implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined;
  private fontSize = '';
  private readonly onKey = (e: KeyboardEvent) => {
    // Escape leaves, unless a dialog is open: then Escape is the dialog's.
    if (e.key !== 'Escape' || !this.active || e.defaultPrevented) return;
    if (this.host.shadowRoot?.querySelector('dialog[open]') || document.querySelector('dialog[open]')) return;
    this.exit();
  };

  /** The options in effect; undefined when the dashboard is not on a wall screen. */
  options: WallScreenOptions | undefined;

  constructor(private readonly host: WallScreenHost) {
    host.addController(this);
  }

  get active(): boolean {
    return this.options !== undefined;
  }

  hostDisconnected(): void {
    this.exit();
  }

  /** Enters wall-screen mode; `fullScreen` asks the browser too (it needs the person's gesture: a key or a click). */
  enter(options: WallScreenOptions = {}, fullScreen = false): void {
    this.exit();
    this.options = options;
    this.host.toggleAttribute('wall', true);
    const root = document.documentElement;
    this.fontSize = root.style.fontSize;
    root.style.fontSize = `${options.scale ?? 150}%`;
    document.addEventListener('keydown', this.onKey);
    if (options.rotateSeconds) this.timer = setInterval(() => this.next(), options.rotateSeconds * 1000);
    if (fullScreen && !document.fullscreenElement) void root.requestFullscreen?.().catch(() => {});
    this.host.announce(this.host.t('wall.entered'));
    this.host.requestUpdate();
  }

  /** Leaves wall-screen mode (and full screen), putting back what it changed. */
  exit(): void {
    if (!this.active) return;
    this.options = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
    document.removeEventListener('keydown', this.onKey);
    document.documentElement.style.fontSize = this.fontSize;
    this.host.toggleAttribute('wall', false);
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    this.host.announce(this.host.t('wall.left'));
    this.host.requestUpdate();
  }

  /** Shows the next dashboard (the first after the last). */
  next(): void {
    const store = this.host.layoutStore();
    const all = store?.dashboards() ?? [];
    if (!store || all.length < 2) return;
    const index = all.findIndex((d) => d.id === store.active()?.id);
    store.setActive(all[(index + 1) % all.length]!.id);
  }
}
