// The line a missing-id finding asks for, read back from its message (planFixes.ts applies it).
// Kept free of the vscode module for the unit tests.

/** The rewritten line a missing-id finding shows, when it is complete. */
export function rewriteOf(message: string): string | null {
  const m = / write line \d+ as: (.*)$/.exec(message);
  if (!m) return null;
  // the message's own ending is not part of the line: its fill-in hint, or the sentence's full stop
  let line = m[1]!.replace(/ with the [^`]* in the backticks \(or Proof: human — what you confirm\)\.$/, '');
  if (/`\.$/.test(line)) line = line.slice(0, -1);
  return /`<[^`]*>`/.test(line) ? null : line;
}
