// What a command's first word says about it, in one place: the guard reads writes by these sets,
// and the guard's sh front (core/install/guardScript.ts) sends every command holding one of them
// to the full guard. A copy of the list in the front drifted from the guard once; it is derived
// from these now.

/** Reserved words that lead a command (`then rm x`, `{ rm x; }`); `!` also leads one. */
const RESERVED = new Set(['if', 'elif', 'then', 'else', 'while', 'until', 'do', '{', '}', '!']);
/** Words that run the rest of the command (`sudo rm`, `env X=1 rm`, `xargs rm`), and reserved words that lead one. */
export const WRAPPERS = new Set(['sudo', 'doas', 'env', 'command', 'builtin', 'exec', 'nohup', 'nice', 'time', 'timeout', 'stdbuf', 'ionice', 'chronic', 'xargs', 'busybox', 'toybox', ...RESERVED]);
/** Wrapper options that take the next word as their value. */
export const WRAPPER_ARG = new Set(['-u', '-g', '-n', '-s', '-k', '-C', '-c', '-o', '-e', '-i', '-P', '-I', '-L', '-d']);
/** Remove, replace or re-own their operands, whole folders included (a compressor replaces a file by its archive, `-r` a folder's). */
export const DESTROY = new Set(['rm', 'rmdir', 'unlink', 'shred', 'mv', 'chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'gzip', 'gunzip', 'bzip2', 'bunzip2', 'xz', 'unxz', 'zstd']);
/** Write every operand: an editor given a file (`ed`, `vim -c wq`) and `patch` included, `mkdir` in the state folder too. */
export const WRITE_ALL = new Set(['tee', 'touch', 'truncate', 'sponge', 'mkfifo', 'mkdir', 'patch', 'split', 'ed', 'ex', 'vi', 'vim', 'nvim', 'nano', 'emacs']);
/** Write their last operand (or -t DIR). */
export const COPY = new Set(['cp', 'install', 'ln', 'link', 'rsync', 'scp']);
/** Write their operands with -i. */
export const IN_PLACE = new Set(['sed', 'gsed', 'perl', 'ruby', 'yq']);
export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish']);
const INTERPRETER_NAMES = ['node', 'nodejs', 'deno', 'bun', 'perl', 'ruby', 'php', 'awk', 'gawk', 'mawk', 'osascript', 'lua'];
/** Read and act on their own words, each in its own way. */
const OTHER_READ = ['dd', 'eval', 'find', 'git', 'cd'];
/** Run code the guard does not read at all; the front still leaves them to the full guard. */
const UNREAD = ['pushd', 'source', '.', 'npx', 'hook'];

export function isInterpreter(verb: string): boolean {
  return /^python[\d.]*$/.test(verb) || INTERPRETER_NAMES.includes(verb);
}

/**
 * The front's verb list, as sh `case` patterns: every verb the full guard reads, the wrappers it
 * looks through, shells, interpreters, and `hook` (the runner's gate subcommand, under any name).
 */
export const FRONT_VERBS: readonly string[] = [
  ...new Set([
    ...DESTROY,
    ...WRITE_ALL,
    ...COPY,
    ...IN_PLACE,
    ...OTHER_READ,
    ...SHELLS,
    'python*',
    ...INTERPRETER_NAMES,
    ...[...WRAPPERS].filter((w) => !RESERVED.has(w)),
    ...UNREAD,
  ]),
];

/** A command word's last path part: `/usr/bin/rm` is `rm`. */
export function verbName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

/** The command past assignments and wrappers (`FOO=1 sudo -u x rm a` is `rm a`). */
export function stripPrefix(words: readonly string[], wrappers: ReadonlySet<string> = WRAPPERS): string[] {
  let w = [...words];
  for (;;) {
    while (w.length && /^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(w[0]!)) w = w.slice(1);
    const head = w[0];
    if (head === undefined || !wrappers.has(verbName(head))) return w;
    const name = verbName(head);
    w = w.slice(1);
    while (w.length && (w[0]!.startsWith('-') || (name === 'timeout' && /^\d/.test(w[0]!)) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(w[0]!))) {
      const opt = w[0]!;
      w = w.slice(1);
      if (WRAPPER_ARG.has(opt) && w.length > 1) w = w.slice(1);
    }
    if (name === 'timeout' && w.length && /^\d/.test(w[0]!)) w = w.slice(1);
  }
}
