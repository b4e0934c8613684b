// Mounting the webview app the way VS Code would, with a fake acquireVsCodeApi() result.
import './dom';
import { act, render } from '@testing-library/preact';
import { App } from '../../webview/app';
import type { VsCodeApi } from '../../webview/vscodeApi';
import type { ViewName, ViewState } from '../../src/protocol';

/** Records what the webview posts and keeps what it saves, like the real API. */
export class FakeVsCodeApi implements VsCodeApi {
  posted: unknown[] = [];
  saved: unknown;
  constructor(saved?: unknown) {
    this.saved = saved;
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  getState(): unknown {
    return this.saved;
  }
  setState(state: unknown): void {
    this.saved = state;
  }
}

export class FakeLog {
  warnings: unknown[][] = [];
  warn(...args: unknown[]): void {
    this.warnings.push(args);
  }
}

/** Delivers a message from the host, as VS Code does: a message event on the page's window. */
export function sendFromHost(data: unknown): void {
  // A synchronous act has flushed the render when it returns; its promise adds nothing.
  void act(() => {
    window.dispatchEvent(new MessageEvent('message', { data }));
  });
}

export interface Mounted {
  api: FakeVsCodeApi;
  log: FakeLog;
  container: Element;
  /** What the webview posted after the ready handshake. */
  sent(): unknown[];
}

/** Renders a view and, when given, sends it a state message. */
export function mount(view: ViewName, state?: ViewState, api = new FakeVsCodeApi()): Mounted {
  const log = new FakeLog();
  const { container } = render(<App api={api} view={view} log={log} />);
  if (state) sendFromHost({ type: 'state', state });
  return { api, log, container, sent: () => api.posted.filter((m) => (m as { type: string }).type !== 'ready') };
}

/** The text a reader sees: text nodes joined by single spaces (elements do not glue words together). */
export function textOf(el: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    else if (node.nodeType === 1 && !(node as Element).hasAttribute('hidden')) node.childNodes.forEach(walk);
  };
  walk(el);
  return parts
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([:;,)])/g, '$1')
    .replace(/\( /g, '(')
    .trim();
}
