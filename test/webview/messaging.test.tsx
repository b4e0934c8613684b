// The host<->webview handshake and message checks, through the real app and a fake VS Code API.
import './dom';
import { strict as assert } from 'node:assert';
import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { startApp, readView } from '../../webview/start';
import { postToHost, readHostMessage } from '../../webview/vscodeApi';
import { FakeLog, FakeVsCodeApi, mount, sendFromHost } from './harness';
import { underWayTally, viewState } from './fixtures';

describe('webview messaging', () => {
  afterEach(cleanup);

  it('posts ready on start, before any state arrives', () => {
    const api = new FakeVsCodeApi();
    const root = document.body.appendChild(document.createElement('div'));
    const stop = startApp({ api, root, view: 'dashboard', log: new FakeLog() });
    try {
      assert.deepEqual(api.posted, [{ type: 'ready' }]);
      assert.match(root.textContent ?? '', /Waiting for the tally/);
    } finally {
      void act(() => stop());
      root.remove();
    }
  });

  it('renders the state the host sends, and the next one replaces it', () => {
    mount('dashboard', viewState(underWayTally()));
    assert.ok(screen.getByRole('heading', { level: 1, name: 'Ship the parser' }));
    sendFromHost({ type: 'state', state: viewState(null) });
    assert.equal(screen.queryByRole('heading', { name: 'Ship the parser' }), null);
    assert.ok(screen.getByRole('heading', { name: 'No goal yet' }));
  });

  const invalid: Array<[string, unknown]> = [
    ['an unknown type', { type: 'evaluate', code: 'alert(1)' }],
    ['a state without its fields', { type: 'state', state: {} }],
    ['a state with a wrong verdict', { type: 'state', state: { ...viewState(underWayTally()), tally: { ...underWayTally(), verdict: 'maybe' } } }],
    ['a bare string', 'state'],
    ['null', null],
  ];
  for (const [what, message] of invalid) {
    it(`ignores and warns about an invalid host message: ${what}`, () => {
      const m = mount('dashboard', viewState(underWayTally()));
      sendFromHost(message);
      assert.equal(m.log.warnings.length, 1);
      assert.match(String(m.log.warnings[0]![0]), /ignoring an invalid host message/);
      assert.ok(screen.getByRole('heading', { level: 1, name: 'Ship the parser' }), 'the last good state stays');
    });
  }

  it('an invalid message before any state leaves the view waiting', () => {
    const m = mount('sidebar');
    sendFromHost({ type: 'state', state: { tally: null } });
    assert.equal(m.log.warnings.length, 1);
    assert.match(m.container.textContent ?? '', /Waiting for the tally/);
  });

  it('keeps the last state and the browser UI in vscode.setState and restores them on reload', () => {
    const state = viewState(underWayTally());
    const first = mount('sidebar', state);
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'grep' } });
    fireEvent.click(screen.getByRole('button', { name: /S2/ }));
    const saved = first.api.saved as { state: unknown; filter: string; expanded: string[] };
    assert.deepEqual(saved.state, state);
    assert.equal(saved.filter, 'grep');
    assert.deepEqual(saved.expanded, ['S2@5']);
    cleanup();

    // A reload: a fresh page whose getState() returns what was saved, before the host says anything.
    const reloaded = mount('sidebar', undefined, new FakeVsCodeApi(saved));
    assert.equal(screen.getByRole<HTMLInputElement>('searchbox').value, 'grep');
    assert.equal(screen.getByRole('button', { name: /S2/ }).getAttribute('aria-expanded'), 'true');
    assert.deepEqual(reloaded.api.posted, [{ type: 'ready' }]);
  });

  it('a saved state that no longer matches the protocol is dropped', () => {
    const m = mount('dashboard', undefined, new FakeVsCodeApi({ state: { tally: 'old' }, filter: '', expanded: [] }));
    assert.match(m.container.textContent ?? '', /Waiting for the tally/);
  });

  it('checks outgoing messages: an invalid one is not posted', () => {
    const api = new FakeVsCodeApi();
    const log = new FakeLog();
    assert.equal(postToHost(api, { type: 'openTranscript', file: '/t.jsonl', line: 0 }, log), false);
    assert.equal(postToHost(api, { type: 'runCommand', command: 'workbench.action.terminal.sendSequence' } as never, log), false);
    assert.equal(postToHost(api, { type: 'openPlan', line: 3 }, log), true);
    assert.deepEqual(api.posted, [{ type: 'openPlan', line: 3 }]);
    assert.equal(log.warnings.length, 2);
  });

  it('reads a reveal message and rejects one without an item id', () => {
    const log = new FakeLog();
    assert.deepEqual(readHostMessage({ type: 'reveal', itemId: 'S1' }, log), { type: 'reveal', itemId: 'S1' });
    assert.equal(readHostMessage({ type: 'reveal' }, log), null);
    assert.equal(log.warnings.length, 1);
  });

  it('the view comes from body[data-view]; anything else shows the dashboard with a warning', () => {
    const log = new FakeLog();
    const body = document.createElement('body');
    body.dataset.view = 'sidebar';
    assert.equal(readView(body, log), 'sidebar');
    body.dataset.view = 'dashboard';
    assert.equal(readView(body, log), 'dashboard');
    body.dataset.view = 'settings';
    assert.equal(readView(body, log), 'dashboard');
    assert.equal(log.warnings.length, 1);
  });
});
