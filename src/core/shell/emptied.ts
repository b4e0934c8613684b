// What a word may read as when the expansions in it that cannot be known print nothing.

/**
 * The word with every expansion the guard could not know taken as empty, as an unset variable, a
 * `$(true)` or `$(echo)` makes it (`.cl${y}aude`, `$x$PWD`); '' when that leaves only the root
 * (`"$OUT/"`, `"$OUT"/*`): read as `/`, every such honest removal would be refused, and the root
 * is no path an agent can reach the meter's files by without naming more of it.
 */
export function emptied(word: string): string {
  let bare = word;
  // Nested substitutions go from the inside out: `.claude/$(a $(b))` may print nothing too.
  for (let before = ''; before !== bare; ) {
    before = bare;
    bare = bare.replace(/\$\{[^{}]*\}|\$\([^()]*\)|`[^`]*`|\$(?:[A-Za-z_]\w*|\d|[@*#?$!-])/g, '');
  }
  return /^\/[/*]*$/.test(bare) ? '' : bare;
}
