// A browser DOM for the webview unit tests: happy-dom's window, its globals copied onto Node's
// global object once, before any component renders. Import this first in every webview test.
import { Window } from 'happy-dom';

/** Node has its own versions of these; the DOM's events must be the page's own classes. */
const OVERRIDE = new Set(['Event', 'EventTarget', 'CustomEvent', 'MessageEvent', 'navigator', 'DOMException']);
const SKIP = new Set(['undefined', 'NaN', 'Infinity', 'global', 'globalThis', 'self', 'window', 'constructor', 'process', 'console']);

declare global {
  var __proofmeterDom: Window | undefined;
}

function install(): Window {
  const win = new Window({ url: 'https://webview.test/', settings: { disableJavaScriptFileLoading: true } });
  const g = globalThis as unknown as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(win)) {
    if (SKIP.has(key)) continue;
    if (key in g && !OVERRIDE.has(key)) continue;
    const value = (win as unknown as Record<string, unknown>)[key];
    Object.defineProperty(g, key, { value, configurable: true, writable: true });
  }
  Object.defineProperty(g, 'window', { value: win, configurable: true, writable: true });
  Object.defineProperty(g, 'self', { value: win, configurable: true, writable: true });
  return win;
}

export const domWindow: Window = globalThis.__proofmeterDom ?? (globalThis.__proofmeterDom = install());
