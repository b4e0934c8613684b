// A message as a person reads it: its `code spans` (a proof, a command, a path) set as code, not
// shown with their backticks.
export function codeParts(text: string): Array<{ code: boolean; text: string }> {
  return text
    .split(/(``\s[^`]*?\s``|`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? { code: true, text: part.replace(/^``\s|\s``$/g, '').replace(/^`|`$/g, '') } : { code: false, text: part }))
    .filter((p) => p.text !== '');
}

export function CodeText({ text }: { text: string }) {
  return (
    <>
      {codeParts(text).map((p, i) => (p.code ? <code key={i}>{p.text}</code> : p.text))}
    </>
  );
}
