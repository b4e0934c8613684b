// Webview entry (bundled to dist/webview/main.js, its styles to dist/webview/main.css).
import '../media/webview.css';
import { readView, startApp } from './start';
import { getVsCodeApi } from './vscodeApi';

const root = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
startApp({ api: getVsCodeApi(), root, view: readView(document.body) });
