// Claude Code's own completion notice for a background task. The XML is read only after the
// record's origin has shown it is the engine's notice; the same text anywhere else ends nothing.

export interface NoticeFields {
  taskId: string;
  status: string;
  exitCode: number | null;
}

export function parseNotice(text: string): NoticeFields | null {
  if (!text.includes('<task-notification>')) return null;
  const taskId = tag(text, 'task-id');
  const status = tag(text, 'status');
  if (!taskId || !status) return null;
  const explicit = tag(text, 'exit-code');
  const summary = tag(text, 'summary') ?? '';
  const m = /exit code (\d+)/i.exec(summary);
  const code = explicit !== null && /^\d+$/.test(explicit) ? Number(explicit) : m ? Number(m[1]) : null;
  return { taskId, status, exitCode: code };
}

function tag(text: string, name: string): string | null {
  const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(text);
  return m ? m[1]!.trim() : null;
}
