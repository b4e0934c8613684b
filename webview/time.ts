// Times as the webview shows them: local, to the second, with the ISO original kept for <time>.

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-29 23:01:05` in local time; the input unchanged when it is not a date. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
