// Starting the webview: which view the host asked for, and mounting the app into the page.
import { render } from 'preact';
import type { ViewName } from '../src/protocol';
import { App } from './app';
import type { Logger, VsCodeApi } from './vscodeApi';

/** The view named by `<body data-view="dashboard|sidebar">`; the dashboard when it names neither. */
export function readView(body: HTMLElement, log: Logger = console): ViewName {
  const view = body.dataset.view;
  if (view === 'dashboard' || view === 'sidebar') return view;
  log.warn(`Proofmeter webview: unknown data-view ${JSON.stringify(view ?? null)}, showing the dashboard`);
  return 'dashboard';
}

export interface StartOptions {
  api: VsCodeApi;
  root: Element;
  view: ViewName;
  target?: EventTarget;
  log?: Logger;
}

/** Renders the app; returns a function that unmounts it. */
export function startApp({ api, root, view, target, log }: StartOptions): () => void {
  render(<App api={api} view={view} target={target} log={log} />, root);
  return () => render(null, root);
}
