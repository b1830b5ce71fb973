/**
 * Instruments the page while a widget runs: timers it starts, HTML sinks, eval, network and
 * clipboard use. Only one widget runs at a time under the test kit, so what happens between
 * `install()` and `uninstall()` is the widget's doing.
 */
export class Instrumentation {
  readonly evalCalls: string[] = [];
  readonly htmlSinks: Array<{ sink: string; value: string }> = [];
  readonly requests: string[] = [];
  clipboard = false;
  private readonly pendingTimeouts = new Set<number>();
  private readonly intervals = new Set<number>();
  private restore: Array<() => void> = [];
  private active = false;

  /** Patches the globals. */
  install(): void {
    if (this.active) return;
    this.active = true;
    const w = window as any;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the patched globals are plain functions
    const self = this;
    const {
      setTimeout: st,
      clearTimeout: ct,
      setInterval: si,
      clearInterval: ci,
      eval: ev,
      Function: Fn,
      fetch: fe,
    } = w;
    w.setTimeout = function (handler: any, ms?: number, ...args: unknown[]) {
      const id: number = st(
        function (this: unknown, ...a: unknown[]) {
          self.pendingTimeouts.delete(id);
          return typeof handler === 'function' ? handler.apply(this, a) : undefined;
        },
        ms,
        ...args,
      );
      self.pendingTimeouts.add(id);
      return id;
    };
    w.clearTimeout = (id: number) => {
      self.pendingTimeouts.delete(id);
      ct(id);
    };
    w.setInterval = (handler: any, ms?: number, ...args: unknown[]) => {
      const id: number = si(handler, ms, ...args);
      self.intervals.add(id);
      return id;
    };
    w.clearInterval = (id: number) => {
      self.intervals.delete(id);
      ci(id);
    };
    w.eval = function (code: unknown) {
      self.evalCalls.push(`eval(${String(code).slice(0, 80)})`);
      return ev(code);
    };
    const PatchedFunction = function (this: unknown, ...args: string[]) {
      self.evalCalls.push(`new Function(${args.join(', ').slice(0, 80)})`);
      return Fn(...args);
    } as unknown as FunctionConstructor;
    Object.defineProperty(PatchedFunction, 'prototype', { value: Fn.prototype });
    w.Function = PatchedFunction;
    w.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      self.requests.push(String(input instanceof Request ? input.url : input));
      return fe(input, init);
    };
    const innerDesc = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
    const outerDesc = Object.getOwnPropertyDescriptor(Element.prototype, 'outerHTML')!;
    const shadowInner = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'innerHTML')!;
    const insertAdjacent = Element.prototype.insertAdjacentHTML;
    const write = Document.prototype.write;
    const contextual = Range.prototype.createContextualFragment;
    const parse = DOMParser.prototype.parseFromString;
    const setHtml = (Element.prototype as any).setHTMLUnsafe as ((html: string) => void) | undefined;
    const shadowSetHtml = (ShadowRoot.prototype as any).setHTMLUnsafe as ((html: string) => void) | undefined;
    const record = (sink: string, value: unknown) => self.htmlSinks.push({ sink, value: String(value) });
    Object.defineProperty(Element.prototype, 'innerHTML', {
      ...innerDesc,
      set(v: string) {
        record('innerHTML', v);
        innerDesc.set!.call(this, v);
      },
    });
    Object.defineProperty(Element.prototype, 'outerHTML', {
      ...outerDesc,
      set(v: string) {
        record('outerHTML', v);
        outerDesc.set!.call(this, v);
      },
    });
    Object.defineProperty(ShadowRoot.prototype, 'innerHTML', {
      ...shadowInner,
      set(v: string) {
        record('innerHTML', v);
        shadowInner.set!.call(this, v);
      },
    });
    Element.prototype.insertAdjacentHTML = function (position: InsertPosition, text: string) {
      record('insertAdjacentHTML', text);
      return insertAdjacent.call(this, position, text);
    };
    Document.prototype.write = function (...text: string[]) {
      record('document.write', text.join(''));
      return write.apply(this, text);
    };
    Range.prototype.createContextualFragment = function (text: string) {
      record('createContextualFragment', text);
      return contextual.call(this, text);
    };
    DOMParser.prototype.parseFromString = function (text: string, type: DOMParserSupportedType) {
      if (/html/.test(type)) record('DOMParser.parseFromString', text);
      return parse.call(this, text, type);
    };
    if (setHtml) {
      (Element.prototype as any).setHTMLUnsafe = function (text: string) {
        record('setHTMLUnsafe', text);
        return setHtml.call(this, text);
      };
    }
    if (shadowSetHtml) {
      (ShadowRoot.prototype as any).setHTMLUnsafe = function (text: string) {
        record('setHTMLUnsafe', text);
        return shadowSetHtml.call(this, text);
      };
    }
    const clipboard = navigator.clipboard;
    const clipboardDesc = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    if (clipboardDesc?.get) {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        get: () => ((self.clipboard = true), clipboard),
      });
    }
    this.restore = [
      () =>
        Object.assign(w, {
          setTimeout: st,
          clearTimeout: ct,
          setInterval: si,
          clearInterval: ci,
          eval: ev,
          Function: Fn,
          fetch: fe,
        }),
      () => Object.defineProperty(Element.prototype, 'innerHTML', innerDesc),
      () => Object.defineProperty(Element.prototype, 'outerHTML', outerDesc),
      () => Object.defineProperty(ShadowRoot.prototype, 'innerHTML', shadowInner),
      () => Object.assign(Element.prototype, { insertAdjacentHTML: insertAdjacent }),
      () => Object.assign(Document.prototype, { write }),
      () => Object.assign(Range.prototype, { createContextualFragment: contextual }),
      () => Object.assign(DOMParser.prototype, { parseFromString: parse }),
      () => setHtml && Object.assign(Element.prototype, { setHTMLUnsafe: setHtml }),
      () => shadowSetHtml && Object.assign(ShadowRoot.prototype, { setHTMLUnsafe: shadowSetHtml }),
      () => delete (navigator as any).clipboard,
    ];
  }

  /** Timers still pending: intervals never cleared and timeouts that have not fired. */
  pendingTimers(): number {
    return this.pendingTimeouts.size + this.intervals.size;
  }

  /** Cancels the leftovers (so one widget's leak does not disturb the next test). */
  clearTimers(): void {
    for (const id of this.pendingTimeouts) clearTimeout(id);
    for (const id of this.intervals) clearInterval(id);
    this.pendingTimeouts.clear();
    this.intervals.clear();
  }

  /** Restores the globals. */
  uninstall(): void {
    if (!this.active) return;
    for (const undo of this.restore) undo();
    this.restore = [];
    this.active = false;
  }
}
