// The MCP App view guard. The sandbox proxy (proxy.js) cleans every view's HTML with
// `mcpViewGuard('tools').cleanDocument` and so puts `(mcpViewGuard)()` first in it: it runs before the
// view's own code, in the view's window. Chromium 156 applies no CSP to WebRTC (nor any Permissions
// Policy) and none to `<link rel=preconnect|dns-prefetch>`; the guard (1) makes every RTC* interface
// refuse, (2) lets no element reach the document as such a link, as a frame whose srcdoc lacks the guard
// or as a javascript: frame — markup is parsed inert and cleaned before its nodes are inserted, nodes
// before insertion, rel/srcdoc/src before they are set — (3) scrolls in-page `#fragment` links within
// the view, and (4) tells the proxy what the view's content security policy blocked. Its hooks use
// built-ins captured before the view's code runs (called through Reflect.apply, descriptors without
// prototypes). docs/security.md ("MCP Apps views") says what it covers and cannot.
/* exported mcpViewGuard */
function mcpViewGuard(mode, onReport) {
  'use strict';
  const self = window;
  const doc = self.document;
  const { apply } = Reflect;
  const { defineProperty, getOwnPropertyNames, getOwnPropertyDescriptor } = Object;
  const desc = (o, n) => getOwnPropertyDescriptor(o, n);
  const get = (o, n) => desc(o, n).get;
  const set = (o, n) => desc(o, n).set;
  const S = String.prototype;
  const [startsWith, toLowerCase, trim, indexOf, slice] = [S.startsWith, S.toLowerCase, S.trim, S.indexOf, S.slice];
  const [mapGet, mapSet, mapHas] = [WeakMap.prototype.get, WeakMap.prototype.set, WeakMap.prototype.has];
  const E = Element.prototype;
  const [getAttribute, setAttribute, querySelectorAll, removeNode] = [
    E.getAttribute,
    E.setAttribute,
    E.querySelectorAll,
    E.remove,
  ];
  const fragmentQuery = DocumentFragment.prototype.querySelectorAll;
  const documentQuery = Document.prototype.querySelectorAll;
  const [nodeType, localName, namespaceURI, shadowRootOf, parentNodeOf, hostGet] = [
    get(Node.prototype, 'nodeType'),
    get(E, 'localName'),
    get(E, 'namespaceURI'),
    get(E, 'shadowRoot'),
    get(Node.prototype, 'parentNode'),
    get(ShadowRoot.prototype, 'host'),
  ];
  const [documentElementOf, doctypeOf, outerHTMLGet, attributesOf, bodyOf] = [
    get(Document.prototype, 'documentElement'),
    get(Document.prototype, 'doctype'),
    get(E, 'outerHTML'),
    get(E, 'attributes'),
    get(Document.prototype, 'body'),
  ];
  const [templateContent, innerHTMLSet] = [get(HTMLTemplateElement.prototype, 'content'), set(E, 'innerHTML')];
  const [nodeListLength, nodeListItem, childNodesOf] = [
    get(NodeList.prototype, 'length'),
    NodeList.prototype.item,
    get(Node.prototype, 'childNodes'),
  ];
  const [attrName, attrValueGet, attrValueSet, ownerElementOf] = [
    get(Attr.prototype, 'name'),
    get(Attr.prototype, 'value'),
    set(Attr.prototype, 'value'),
    get(Attr.prototype, 'ownerElement'),
  ];
  const [createElementNS, createFragment, fragmentAppend, fragmentReplaceChildren] = [
    Document.prototype.createElementNS,
    Document.prototype.createDocumentFragment,
    DocumentFragment.prototype.append,
    DocumentFragment.prototype.replaceChildren,
  ];
  const [replaceChildren, replaceWith, before, after, prepend, append] = [
    E.replaceChildren,
    E.replaceWith,
    E.before,
    E.after,
    E.prepend,
    E.append,
  ];
  const [parseFromString, serialize, observeMutations] = [
    DOMParser.prototype.parseFromString,
    XMLSerializer.prototype.serializeToString,
    MutationObserver.prototype.observe,
  ];
  const [recordTarget, recordAdded] = [
    get(MutationRecord.prototype, 'target'),
    get(MutationRecord.prototype, 'addedNodes'),
  ];
  const [NativeDOMParser, NativeXMLSerializer, NativeMutationObserver, NativeDOMException, NativeWeakMap] = [
    DOMParser,
    XMLSerializer,
    MutationObserver,
    DOMException,
    WeakMap,
  ];
  // Spelled in pieces: this source is itself inlined in a script element, where whole tags would end it early.
  const tag = '<' + 'script>(' + String(mcpViewGuard) + ')()<' + '/script>';
  const BLOCKED_RELS = ['preconnect', 'dns-prefetch'];
  // A frame the view makes gets these sandbox tokens when it names none, and never allow-same-origin: on a per-app
  // origin the view has it, and a same-origin frame would be a window without the guard (WebRTC) it could script.
  const FRAME_TOKENS = 'allow-scripts allow-forms allow-pointer-lock';
  const SAME_ORIGIN = 'allow-same-origin';
  const call = (fn, target, ...args) => apply(fn, target, args);
  const str = (value) => (typeof value === 'string' ? value : String(value));
  const lower = (value) => call(toLowerCase, str(value));

  const reportedOnce = { __proto__: null };
  const proxy = self.parent;
  const postMessage = self.postMessage;
  /** Tells the proxy (and so the host's card) what was blocked, once per kind. */
  function report(feature) {
    if (reportedOnce[feature]) return;
    reportedOnce[feature] = true;
    if (onReport) return onReport(feature);
    try {
      call(postMessage, proxy, { __proto__: null, mcpViewGuard: feature }, '*');
    } catch {
      // nothing to tell
    }
  }

  /** Where the guard's script goes in `text`: after a leading doctype (so no quirks mode), else first. */
  function guardAt(text) {
    const low = lower(text);
    let at = 0;
    for (;;) {
      while (
        at < text.length &&
        (text[at] === ' ' || text[at] === '\n' || text[at] === '\r' || text[at] === '\t' || text[at] === '\f')
      )
        at++;
      if (!call(startsWith, low, '<' + '!--', at)) break;
      const end = call(indexOf, text, '-->', at + 4);
      if (end < 0) break;
      at = end + 3;
    }
    if (!call(startsWith, low, '<' + '!doctype', at)) return 0;
    const end = call(indexOf, text, '>', at);
    return end < 0 ? text.length : end + 1;
  }
  function withGuard(html) {
    const text = str(html);
    const at = guardAt(text);
    return call(slice, text, 0, at) + tag + call(slice, text, at);
  }
  const isGuarded = (text) => call(startsWith, text, tag, guardAt(text));

  const closedRoots = new NativeWeakMap(); // host → closed shadow root (from attachShadow)
  const given = new NativeWeakMap(); // frame → the srcdoc the guard gave it
  const trusted = new NativeWeakMap(); // the proxy's own view frame (mode 'proxy'), which it builds itself

  /** A frame's sandbox tokens without allow-same-origin (FRAME_TOKENS when it has none). */
  function cleanSandbox(value) {
    if (value === null || value === undefined) return FRAME_TOKENS;
    const text = lower(value);
    let kept = '';
    let token = '';
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text[i] : ' ';
      if (c !== ' ' && c !== '\n' && c !== '\t' && c !== '\r' && c !== '\f') {
        token += c;
        continue;
      }
      if (token && token !== SAME_ORIGIN) kept += (kept ? ' ' : '') + token;
      token = '';
    }
    return kept;
  }

  function eachIn(list, visit) {
    for (let i = 0, n = call(nodeListLength, list); i < n; i++) visit(call(nodeListItem, list, i));
  }

  /** A rel value without preconnect and dns-prefetch (split by hand: no RegExp the view could have replaced). */
  function cleanRel(value, quiet) {
    const text = lower(value);
    let kept = '';
    let token = '';
    let dropped = false;
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text[i] : ' ';
      if (c !== ' ' && c !== '\n' && c !== '\t' && c !== '\r' && c !== '\f') {
        token += c;
        continue;
      }
      if (token === BLOCKED_RELS[0] || token === BLOCKED_RELS[1]) dropped = true;
      else if (token) kept += (kept ? ' ' : '') + token;
      token = '';
    }
    if (dropped && !quiet) report('preconnect');
    return dropped ? kept : str(value);
  }

  /** Cleans one element: link rels, frame srcdoc (the guard first) and javascript: src. */
  function cleanElement(el) {
    let tagName;
    try {
      tagName = call(localName, el);
    } catch {
      return;
    }
    if (tagName === 'link') {
      const rel = call(getAttribute, el, 'rel');
      const kept = rel === null ? null : cleanRel(rel);
      if (kept !== rel) call(setAttribute, el, 'rel', kept);
    } else if (tagName === 'iframe' || tagName === 'frame') {
      if (call(mapHas, trusted, el)) return;
      const sandbox = call(getAttribute, el, 'sandbox');
      if (tagName === 'iframe' && cleanSandbox(sandbox) !== sandbox)
        call(setAttribute, el, 'sandbox', cleanSandbox(sandbox));
      const srcdoc = call(getAttribute, el, 'srcdoc');
      if (srcdoc !== null && srcdoc !== call(mapGet, given, el))
        call(setAttribute, el, 'srcdoc', giveSrcdoc(el, srcdoc));
      const src = call(getAttribute, el, 'src');
      if (src !== null && isJavascript(src)) {
        report('javascript-frame');
        call(setAttribute, el, 'src', 'about:blank');
      }
    }
  }
  const isJavascript = (url) => call(startsWith, call(trim, lower(url)), 'javascript:');

  /** Cleans `node` and everything under it: template contents and shadow roots (closed ones the guard saw made) included. */
  function clean(node) {
    let type;
    try {
      type = call(nodeType, node);
    } catch {
      return;
    }
    const query = type === 1 ? querySelectorAll : type === 11 ? fragmentQuery : type === 9 ? documentQuery : null;
    if (!query) return;
    const visit = (el) => {
      cleanElement(el);
      if (call(localName, el) === 'template') clean(call(templateContent, el));
      const shadow = call(shadowRootOf, el) || call(mapGet, closedRoots, el);
      if (shadow) clean(shadow);
    };
    if (type === 1) visit(node);
    eachIn(call(query, node, '*'), visit);
  }

  /** A whole document's HTML, cleaned, with the guard first (for srcdoc and the proxy's first pass). */
  // A whole document's HTML, cleaned, the guard first (srcdoc, the proxy's pass). <noscript> goes (views run
  // script; it parses differently without); the result is parsed again and checked, so re-parsing cannot
  // bring back what was removed — markup that does not settle is not shown.
  function cleanDocument(html) {
    let text = str(html);
    for (let round = 0; round < 3; round++) {
      const parsed = call(parseFromString, new NativeDOMParser(), text, 'text/html');
      eachIn(call(documentQuery, parsed, 'noscript'), (el) => call(removeNode, el));
      clean(parsed);
      const doctype = call(doctypeOf, parsed);
      text = withGuard(
        (doctype ? call(serialize, new NativeXMLSerializer(), doctype) : '') +
          call(outerHTMLGet, call(documentElementOf, parsed)),
      );
      if (settled(call(parseFromString, new NativeDOMParser(), text, 'text/html'))) return text;
    }
    report('unsafe-markup');
    return withGuard('<!doctype html><p>This app\u2019s HTML could not be made safe to show.</p>');
  }

  /** True when nothing in `root` would be cleaned: no blocked link, every srcdoc guarded, no javascript: frame. */
  function settled(root) {
    let ok = true;
    const visit = (el) => {
      const tagName = call(localName, el);
      if (tagName === 'link') {
        const rel = call(getAttribute, el, 'rel');
        if (rel !== null && cleanRel(rel, true) !== rel) ok = false;
      } else if (tagName === 'iframe' || tagName === 'frame') {
        const srcdoc = call(getAttribute, el, 'srcdoc');
        const src = call(getAttribute, el, 'src');
        if ((srcdoc !== null && !isGuarded(srcdoc)) || (src !== null && isJavascript(src))) ok = false;
        const sandbox = call(getAttribute, el, 'sandbox');
        if (tagName === 'iframe' && cleanSandbox(sandbox) !== sandbox) ok = false;
      } else if (tagName === 'template') eachIn(call(fragmentQuery, call(templateContent, el), '*'), visit);
    };
    eachIn(call(documentQuery, root, '*'), visit);
    return ok;
  }
  if (mode === 'tools') return { cleanDocument };

  function giveSrcdoc(frame, html) {
    const value = cleanDocument(html);
    return (call(mapSet, given, frame, value), value);
  }

  // 1. WebRTC out of this window.
  const names = getOwnPropertyNames(self);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (!(call(startsWith, name, 'RTC') || call(startsWith, name, 'webkitRTC'))) continue;
    const current = desc(self, name);
    if (!current || !current.configurable) continue;
    const refuse = function () {
      report('webrtc');
      throw new NativeDOMException(
        name +
          ' is turned off in MCP App views: the dashboard blocks WebRTC, because the browser offers no way to limit where it connects.',
        'NotAllowedError',
      );
    };
    defineProperty(self, name, {
      __proto__: null,
      value: refuse,
      writable: false,
      configurable: false,
      enumerable: false,
    });
  }

  // 2. Nothing reaches the document uncleaned.
  const inert = doc.implementation.createHTMLDocument('');
  /** Parses `html` as the children of an element like `context`, in an inert document, cleans it, and returns a fragment of this document. */
  function parseClean(context, html) {
    const holder = call(
      createElementNS,
      inert,
      call(namespaceURI, context) || 'http://www.w3.org/1999/xhtml',
      call(localName, context),
    );
    call(innerHTMLSet, holder, str(html));
    clean(holder);
    const fragment = call(createFragment, doc);
    const nodes = [];
    eachIn(call(childNodesOf, holder), (n) => (nodes[nodes.length] = n));
    return (apply(fragmentAppend, fragment, nodes), fragment);
  }
  /** The element markup for `node`'s children is parsed like: itself, a shadow root's host, else a body. */
  const contextOf = (node) => {
    const type = call(nodeType, node);
    let host;
    try {
      host = type === 1 ? node : type === 11 ? call(hostGet, node) : undefined;
    } catch {
      // a plain fragment
    }
    return host || call(bodyOf, inert);
  };

  function wrap(target, name, make) {
    const d = target && desc(target, name);
    if (d && typeof d.value === 'function')
      defineProperty(target, name, {
        __proto__: null,
        value: { [name]: make(d.value) }[name],
        writable: true,
        configurable: true,
        enumerable: d.enumerable,
      });
  }
  function wrapSetter(target, name, make) {
    const d = target && desc(target, name);
    if (d && d.set)
      defineProperty(target, name, {
        __proto__: null,
        get: d.get,
        set: make(d.set),
        configurable: true,
        enumerable: d.enumerable,
      });
  }
  const each = (list, visit) => list.forEach((item) => visit(item)); // at install time: built-ins still pristine
  /** Node arguments are cleaned before they are inserted. */
  const cleanArgs = (original) =>
    function (...args) {
      for (let i = 0; i < args.length; i++) if (args[i] !== null && typeof args[i] === 'object') clean(args[i]);
      return apply(original, this, args);
    };
  each(['appendChild', 'insertBefore', 'replaceChild'], (m) => wrap(Node.prototype, m, cleanArgs));
  each(
    ['append', 'prepend', 'before', 'after', 'replaceWith', 'replaceChildren', 'insertAdjacentElement', 'moveBefore'],
    (m) => wrap(E, m, cleanArgs),
  );
  each(['CharacterData', 'DocumentType'], (n) =>
    each(['before', 'after', 'replaceWith'], (m) => wrap(self[n].prototype, m, cleanArgs)),
  );
  each(['append', 'prepend', 'replaceChildren', 'moveBefore'], (m) => wrap(DocumentFragment.prototype, m, cleanArgs));
  each(['append', 'prepend', 'replaceChildren', 'moveBefore'], (m) => wrap(Document.prototype, m, cleanArgs));
  each(['insertNode', 'surroundContents'], (m) => wrap(Range.prototype, m, cleanArgs));
  wrap(HTMLSelectElement.prototype, 'add', cleanArgs);
  wrap(HTMLOptionsCollection.prototype, 'add', cleanArgs);
  const cleanValue = (original) =>
    function (value) {
      if (value !== null && typeof value === 'object') clean(value);
      return call(original, this, value);
    };
  each(['caption', 'tHead', 'tFoot'], (n) => wrapSetter(HTMLTableElement.prototype, n, cleanValue));
  wrapSetter(Document.prototype, 'body', cleanValue);
  // Markup sinks: parsed inert, cleaned, then inserted as nodes (scripts in it stay inert, as with innerHTML).
  /** Markup that cannot create a link or a frame (tag names are literal) takes the browser's own path. */
  const harmless = (html) => {
    const text = lower(html);
    return call(indexOf, text, '<link') < 0 && call(indexOf, text, '<iframe') < 0 && call(indexOf, text, '<frame') < 0;
  };
  function setMarkup(target, html, original) {
    if (harmless(html) || (call(nodeType, target) === 1 && call(localName, target) === 'template'))
      return call(original, target, html);
    const fragment = parseClean(contextOf(target), html);
    return call(call(nodeType, target) === 11 ? fragmentReplaceChildren : replaceChildren, target, fragment);
  }
  const markupSetter = (original) =>
    function (html) {
      return setMarkup(this, html, original);
    };
  wrapSetter(E, 'innerHTML', markupSetter);
  wrapSetter(ShadowRoot.prototype, 'innerHTML', markupSetter);
  wrapSetter(
    E,
    'outerHTML',
    (original) =>
      function (html) {
        if (harmless(html)) return call(original, this, html);
        const parent = call(parentNodeOf, this);
        if (!parent) return;
        call(replaceWith, this, parseClean(contextOf(parent), html));
      },
  );
  wrap(
    E,
    'insertAdjacentHTML',
    (original) =>
      function (position, html) {
        if (harmless(html)) return call(original, this, position, html);
        const where = lower(position);
        const inside = where === 'afterbegin' || where === 'beforeend';
        const context = inside ? this : call(parentNodeOf, this);
        if (!context) return;
        const fragment = parseClean(contextOf(context), html);
        const insert =
          where === 'beforebegin' ? before : where === 'afterend' ? after : where === 'afterbegin' ? prepend : append;
        call(insert, this, fragment);
      },
  );
  // Declarative shadow roots could hide a link or frame in a closed root: such markup gets plain parsing.
  const noDeclarativeRoots = (original) =>
    function (html) {
      return harmless(html) ? call(original, this, html) : setMarkup(this, html, innerHTMLSet);
    };
  wrap(E, 'setHTMLUnsafe', noDeclarativeRoots);
  wrap(ShadowRoot.prototype, 'setHTMLUnsafe', noDeclarativeRoots);
  wrap(Document, 'parseHTMLUnsafe', (original) => (html) => {
    if (harmless(html)) return call(original, Document, html);
    const parsed = call(parseFromString, new NativeDOMParser(), str(html), 'text/html');
    return (clean(parsed), parsed);
  });
  const refuse = (what) => () =>
    function () {
      throw (
        report(what),
        new NativeDOMException(
          `${what} is turned off in MCP App views (its markup could bypass the dashboard's checks).`,
          'NotSupportedError',
        )
      );
    };
  each(['write', 'writeln'], (m) => wrap(Document.prototype, m, refuse('document.' + m)));
  wrap(
    Document.prototype,
    'execCommand',
    (original) =>
      function (command) {
        if (lower(command) === 'inserthtml') return call(refuse('execCommand insertHTML')(), this);
        return apply(original, this, arguments);
      },
  );
  // Attributes that make a link connect or a frame load, checked before they are set.
  const attributeValue = (el, name, value) => {
    const n = lower(name);
    const t = call(localName, el);
    if (t === 'link' && n === 'rel') return cleanRel(value);
    if ((t === 'iframe' || t === 'frame') && call(mapHas, trusted, el)) return value;
    if (t === 'iframe' && n === 'sandbox') return cleanSandbox(value);
    if ((t === 'iframe' || t === 'frame') && n === 'srcdoc') return giveSrcdoc(el, value);
    if (!((t === 'iframe' || t === 'frame') && n === 'src' && isJavascript(value))) return value;
    report('javascript-frame');
    return 'about:blank';
  };
  each(['setAttribute', 'setAttributeNS'], (m) =>
    wrap(
      E,
      m,
      (original) =>
        function (...args) {
          args[args.length - 1] = attributeValue(this, args[args.length - 2], args[args.length - 1]);
          return apply(original, this, args);
        },
    ),
  );
  const cleanAttr = (attr, owner) => {
    if (owner) call(attrValueSet, attr, attributeValue(owner, call(attrName, attr), call(attrValueGet, attr)));
  };
  each(['setAttributeNode', 'setAttributeNodeNS'], (m) =>
    wrap(
      E,
      m,
      (original) =>
        function (attr) {
          cleanAttr(attr, this);
          return call(original, this, attr);
        },
    ),
  );
  // element.attributes.setNamedItem(attr): the map's element is remembered when the map is handed out.
  const maps = new NativeWeakMap();
  defineProperty(E, 'attributes', {
    __proto__: null,
    configurable: true,
    enumerable: true,
    get() {
      const map = call(attributesOf, this);
      call(mapSet, maps, map, this);
      return map;
    },
  });
  each(['setNamedItem', 'setNamedItemNS'], (m) =>
    wrap(
      NamedNodeMap.prototype,
      m,
      (original) =>
        function (attr) {
          cleanAttr(attr, call(mapGet, maps, this));
          return call(original, this, attr);
        },
    ),
  );
  wrapSetter(
    Attr.prototype,
    'value',
    (original) =>
      function (value) {
        const owner = call(ownerElementOf, this);
        call(original, this, owner ? attributeValue(owner, call(attrName, this), value) : value);
      },
  );
  each(['nodeValue', 'textContent'], (n) =>
    wrapSetter(
      Node.prototype,
      n,
      (original) =>
        function (value) {
          const owner = call(nodeType, this) === 2 && call(ownerElementOf, this);
          call(original, this, owner ? attributeValue(owner, call(attrName, this), value) : value);
        },
    ),
  );
  wrapSetter(
    HTMLLinkElement.prototype,
    'rel',
    (original) =>
      function (value) {
        call(original, this, cleanRel(value));
      },
  );
  each(['HTMLIFrameElement', 'HTMLFrameElement'], (n) => {
    wrapSetter(
      self[n].prototype,
      'srcdoc',
      (original) =>
        function (value) {
          call(original, this, call(mapHas, trusted, this) ? value : giveSrcdoc(this, value));
        },
    );
    wrapSetter(
      self[n].prototype,
      'src',
      (original) =>
        function (value) {
          call(original, this, attributeValue(this, 'src', value));
        },
    );
  });
  // relList: tokens are checked before they are added.
  const lists = new NativeWeakMap();
  const relList = get(HTMLLinkElement.prototype, 'relList');
  defineProperty(HTMLLinkElement.prototype, 'relList', {
    __proto__: null,
    configurable: true,
    enumerable: true,
    get() {
      const list = call(relList, this);
      call(mapSet, lists, list, this);
      return list;
    },
    set: set(HTMLLinkElement.prototype, 'relList'),
  });
  // A frame's sandbox list and property: allow-same-origin never gets in (cleanSandbox).
  const sandboxLists = new NativeWeakMap();
  const sandboxProperty = desc(HTMLIFrameElement.prototype, 'sandbox');
  defineProperty(HTMLIFrameElement.prototype, 'sandbox', {
    __proto__: null,
    configurable: true,
    enumerable: true,
    get() {
      const list = call(sandboxProperty.get, this);
      if (!call(mapHas, trusted, this)) call(mapSet, sandboxLists, list, this);
      return list;
    },
    set(value) {
      call(sandboxProperty.set, this, call(mapHas, trusted, this) ? value : cleanSandbox(str(value)));
    },
  });
  const T = DOMTokenList.prototype;
  each(['add', 'toggle', 'replace'], (m) =>
    wrap(
      T,
      m,
      (original) =>
        function (...args) {
          if (call(mapHas, lists, this))
            for (let i = 0; i < args.length; i++)
              if (typeof args[i] === 'string' && cleanRel(args[i]) !== args[i]) args[i] = 'x-blocked';
          if (call(mapHas, sandboxLists, this))
            for (let i = 0; i < args.length; i++) if (lower(args[i]) === SAME_ORIGIN) args[i] = 'x-blocked';
          return apply(original, this, args);
        },
    ),
  );
  wrapSetter(
    T,
    'value',
    (original) =>
      function (value) {
        const list = call(mapHas, lists, this) ? cleanRel(value) : value;
        call(original, this, call(mapHas, sandboxLists, this) ? cleanSandbox(str(list)) : list);
      },
  );
  // Shadow roots the view makes are cleaned like the document, closed ones included.
  wrap(
    E,
    'attachShadow',
    (original) =>
      function (...args) {
        const shadow = apply(original, this, args);
        call(mapSet, closedRoots, this, shadow);
        observe(shadow);
        return shadow;
      },
  );
  // The backstop: anything that still got in is cleaned at the next microtask (a srcdoc frame starts loading later than that).
  function observe(target) {
    const observer = new NativeMutationObserver((records) => {
      for (let i = 0; i < records.length; i++) {
        cleanElement(call(recordTarget, records[i]));
        eachIn(call(recordAdded, records[i]), clean);
      }
    });
    call(observeMutations, observer, target, {
      __proto__: null,
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['srcdoc', 'src', 'rel', 'sandbox'],
    });
  }
  observe(doc);

  // 3. In-page links scroll within the view.
  self.addEventListener('click', (event) => {
    const href = event.target?.closest?.('a[href]')?.getAttribute('href');
    if (!href || href[0] !== '#' || event.defaultPrevented) return;
    event.preventDefault();
    let id = href.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // use it as written
    }
    (id === '' || id === 'top'
      ? doc.documentElement
      : doc.getElementById(id) || doc.getElementsByName(id)[0]
    )?.scrollIntoView();
  });
  // 4. What the view's content security policy blocked (a fetch, an image, a script from an origin it did not
  // declare): told to the proxy, which checks and narrows it (directive, origin) before the card words it. Only
  // events the browser fired count; the listener is the window's first, in the capture phase.
  const SPV = self.SecurityPolicyViolationEvent;
  if (SPV) {
    const [effectiveDirective, blockedURI] = [
      get(SPV.prototype, 'effectiveDirective'),
      get(SPV.prototype, 'blockedURI'),
    ];
    const told = { __proto__: null };
    let count = 0;
    self.addEventListener(
      'securitypolicyviolation',
      (event) => {
        if (event.isTrusted !== true) return;
        const directive = str(call(effectiveDirective, event));
        const blocked = call(slice, str(call(blockedURI, event)), 0, 500);
        const key = directive + ' ' + blocked;
        if (told[key] || count >= 20) return;
        told[key] = true;
        count += 1;
        try {
          if (mode === 'proxy') onReport('csp', directive, blocked);
          else call(postMessage, proxy, { __proto__: null, mcpViewGuard: 'csp', directive, blocked }, '*');
        } catch {
          // nothing to tell
        }
      },
      true,
    );
  }

  // The proxy (mode 'proxy', on a per-app origin) arms its own window with the guard before the view exists, and
  // marks the one frame it builds for the view (its sandbox keeps allow-same-origin; its srcdoc is already clean).
  return mode === 'proxy' ? { trust: (frame) => call(mapSet, trusted, frame, true) } : undefined;
}
