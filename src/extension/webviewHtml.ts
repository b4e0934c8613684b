// The page the dashboard and the sidebar load: a strict CSP, one nonce-tagged module script, one
// style sheet, and no data. The state arrives by postMessage after the webview says it is ready.
import { randomBytes } from 'node:crypto';
import type { ViewName } from '../protocol';

export interface PageInput {
  view: ViewName;
  /** webview.cspSource */
  cspSource: string;
  /** webview.asWebviewUri(...).toString() of dist/webview/main.js */
  scriptUri: string;
  /** webview.asWebviewUri(...).toString() of the style sheet */
  styleUri: string;
  nonce?: string;
}

/** 128 bits from the system CSPRNG, base64 without padding (valid in a CSP nonce source). */
export function makeNonce(): string {
  return randomBytes(16).toString('base64').replace(/=+$/, '');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
  ].join('; ');
}

function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function renderPage(input: PageInput): string {
  const nonce = input.nonce ?? makeNonce();
  const title = input.view === 'dashboard' ? 'Proofmeter Dashboard' : 'Proofmeter Evidence';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(input.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(input.styleUri)}">
<title>${title}</title>
</head>
<body data-view="${input.view}">
<div id="root"></div>
<script type="module" nonce="${nonce}" src="${attr(input.scriptUri)}"></script>
</body>
</html>`;
}
