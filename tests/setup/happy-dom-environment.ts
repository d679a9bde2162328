/**
 * The environment of the view and mock tests (the `dom` and `heavy` projects, decision 063):
 * happy-dom's document and window, with Node's own fetch and what goes with it, as under jsdom.
 *
 * Vitest's happy-dom environment puts happy-dom's fetch, Request, Response, Headers and
 * AbortController in the place of Node's. Its fetch sends over Node's HTTP client, where the mock
 * API's interceptor sees a request rebuilt from the wire: what a browser's fetch keeps to itself,
 * such as the request's `cache` mode, is lost (the API client's test of it failed). The portal's
 * calls go through Node's fetch here, whose requests the mock API sees as the portal made them,
 * with Node's AbortController, whose signals Node's fetch takes.
 */
import { builtinEnvironments, type Environment } from 'vitest/environments';
import elementDefaults from 'happy-dom/lib/css/declaration/computed-style/config/CSSComputedStyleElementDefault.js';

// happy-dom computes no `display` for the elements a browser shows inline (a, span, strong, label,
// output …): it leaves the value empty, where a browser and jsdom say `inline`. Testing Library
// reads it for accessible names, which join inline parts without a space ("Buy: Proxmox VE Basic",
// not "Buy : Proxmox VE Basic"); the names the tests ask for are a browser's.
const defaults: Record<string, unknown> = elementDefaults;
for (const [tag, css] of Object.entries(defaults)) {
  if (typeof css === 'string' && !css.includes('display:')) defaults[tag] = `display: inline;${css}`;
}

const fromNode = ['fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'FormData'] as const;

export default {
  name: 'happy-dom-node-fetch',
  viteEnvironment: 'client',
  async setup(global: Record<string, unknown>, options) {
    const kept = new Map(fromNode.map((name) => [name, global[name]]));
    const happyDom = await builtinEnvironments['happy-dom'].setup(global, options);
    for (const [name, value] of kept) global[name] = value;
    completeWindow(global as unknown as Window & typeof globalThis);
    return happyDom;
  },
} satisfies Environment;

/** What a browser's window has and happy-dom's lacks, as the standards define it. */
function completeWindow(window: Window & typeof globalThis) {
  // happy-dom's PageTransitionEvent is a plain Event, without `persisted` (the back/forward cache).
  class PageTransitionEvent extends window.Event {
    readonly persisted: boolean;
    constructor(type: string, init: PageTransitionEventInit = {}) {
      super(type, init);
      this.persisted = init.persisted ?? false;
    }
  }
  window.PageTransitionEvent = PageTransitionEvent;
  // happy-dom focuses any element; a browser only a focusable area (HTML's "focusable area", as jsdom
  // reads it): a test of where the focus goes after a step would pass for a heading without
  // `tabindex`, which no browser focuses.
  for (const prototype of [window.HTMLElement.prototype, window.SVGElement.prototype]) {
    const focus = prototype.focus;
    prototype.focus = function focusIfFocusable(this: HTMLElement | SVGElement, options?: FocusOptions) {
      if (isFocusableArea(this)) focus.call(this, options);
    };
  }
  // An option's `defaultSelected` reflects its `selected` attribute (what the page's HTML selected).
  if (!('defaultSelected' in window.HTMLOptionElement.prototype)) {
    Object.defineProperty(window.HTMLOptionElement.prototype, 'defaultSelected', {
      get(this: HTMLOptionElement) {
        return this.hasAttribute('selected');
      },
      set(this: HTMLOptionElement, selected: boolean) {
        this.toggleAttribute('selected', selected);
      },
      configurable: true,
      enumerable: true,
    });
  }
}

const formControls = new Set(['input', 'select', 'textarea', 'button']);

function isFocusableArea(element: Element): boolean {
  if (!element.isConnected) return false;
  if (!Number.isNaN(Number.parseInt(element.getAttribute('tabindex') ?? '', 10))) return true;
  if (element.namespaceURI === 'http://www.w3.org/2000/svg')
    return element.localName === 'a' && element.hasAttribute('href');
  switch (element.localName) {
    case 'iframe':
      return true;
    case 'a':
      return element.hasAttribute('href');
    case 'summary':
      return (
        element.parentElement?.localName === 'details' &&
        element.parentElement.querySelector(':scope > summary') === element
      );
  }
  if (formControls.has(element.localName)) {
    return !isDisabled(element) && !(element.localName === 'input' && element.getAttribute('type') === 'hidden');
  }
  return element.hasAttribute('contenteditable');
}

/** A form control's own `disabled`, or a disabled fieldset's outside its first legend. */
function isDisabled(element: Element): boolean {
  if (element.hasAttribute('disabled')) return true;
  for (
    let fieldset = element.parentElement?.closest('fieldset[disabled]');
    fieldset;
    fieldset = fieldset.parentElement?.closest('fieldset[disabled]')
  ) {
    const legend = Array.from(fieldset.children).find((child) => child.localName === 'legend');
    if (!legend?.contains(element)) return true;
  }
  return false;
}
