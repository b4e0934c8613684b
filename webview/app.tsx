// The webview app: listens for host messages, keeps the last state (also in vscode.setState for
// reloads) and renders the view the host chose. Posts the ready handshake once it listens.
import { useLayoutEffect, useMemo, useState } from 'preact/hooks';
import type { ViewName, ViewState } from '../src/protocol';
import { ActionsContext, hostActions } from './actions';
import { Dashboard } from './components/Dashboard';
import { Sidebar } from './components/Sidebar';
import { readPersisted, type Persisted } from './persist';
import type { Reveal } from './viewKind';
import { postToHost, readHostMessage, type Logger, type VsCodeApi } from './vscodeApi';

export interface AppProps {
  api: VsCodeApi;
  view: ViewName;
  /** Where host messages arrive: the page's window. */
  target?: EventTarget;
  log?: Logger;
}

export function App({ api, view, target = window, log = console }: AppProps) {
  const saved = useMemo(() => readPersisted(api.getState()), [api]);
  const [state, setState] = useState<ViewState | null>(saved.state);
  const [filter, setFilter] = useState(saved.filter);
  const [expanded, setExpanded] = useState<string[]>(saved.expanded);
  const [reveal, setReveal] = useState<Reveal | null>(null);

  // Layout effects run inside render(), so the listener is in place and ready is posted on start.
  useLayoutEffect(() => {
    const onMessage = (event: Event) => {
      const message = readHostMessage((event as MessageEvent).data, log);
      if (!message) return;
      if (message.type === 'state') setState(message.state);
      else setReveal((r) => ({ itemId: message.itemId, seq: (r?.seq ?? 0) + 1 }));
    };
    target.addEventListener('message', onMessage);
    postToHost(api, { type: 'ready' }, log);
    return () => target.removeEventListener('message', onMessage);
  }, [api, target, log]);

  useLayoutEffect(() => {
    const keep: Persisted = { state, filter, expanded };
    api.setState(keep);
  }, [api, state, filter, expanded]);

  const actions = useMemo(() => hostActions(api, state?.trusted ?? false, log), [api, state?.trusted, log]);
  return (
    <ActionsContext.Provider value={actions}>
      {view === 'sidebar' ? (
        <Sidebar state={state} reveal={reveal} filter={filter} expanded={expanded} onFilter={setFilter} onExpanded={setExpanded} />
      ) : (
        <Dashboard state={state} reveal={reveal} />
      )}
    </ActionsContext.Provider>
  );
}
