// The line a missing-id finding asks for, read back from its message, and the lines of the other
// mechanical fixes (planFixes.ts applies them). Kept free of the vscode module for the unit tests.

/** The rewritten line a missing-id finding shows, when it is complete. */
export function rewriteOf(message: string): string | null {
  const m = / write line \d+ as: (.*)$/.exec(message);
  if (!m) return null;
  // the message's own ending is not part of the line: its fill-in hint, or the sentence's full stop
  let line = m[1]!.replace(/ with the [^`]* in the backticks \(or Proof: human — what you confirm\)\.$/, '');
  if (/`\.$/.test(line)) line = line.slice(0, -1);
  return /`<[^`]*>`/.test(line) ? null : line;
}

/**
 * The line with a finding's mechanical fix applied, or null when the line does not hold the text
 * to change (the proof sits on another line of the item). A proof is the last code span, so its
 * last occurrence is replaced; an id is the first whole word of its name.
 */
export function applyFix(line: string, fix: { from: string; to: string }, rule: string): string | null {
  if (rule === 'duplicate-id') {
    const m = new RegExp(`(^|[^A-Za-z0-9])${fix.from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9])`).exec(line);
    if (!m) return null;
    const at = m.index + m[1]!.length;
    return line.slice(0, at) + fix.to + line.slice(at + fix.from.length);
  }
  const at = line.lastIndexOf(fix.from);
  if (at < 0) return null;
  return line.slice(0, at) + fix.to + line.slice(at + fix.from.length);
}
