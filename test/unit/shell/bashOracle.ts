// One word of the shared lexer, and what the real bash makes of the same text with globbing off:
// the brace-expansion tests hold their rows to bash with these.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { lex, type Word } from '../../../src/core/shell/lex';

export function word(text: string): Word {
  const words = lex(text).tokens.filter((t): t is Word => t.kind === 'word');
  assert.equal(words.length, 1, text);
  return words[0]!;
}

/** What bash makes of the word, with globbing off so only brace expansion shows. */
export function bashWords(text: string): string[] {
  const r = spawnSync('bash', ['-c', `set -f; set -- ${text}; printf '%s\\0' "$@"`], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout === '' ? [] : r.stdout.slice(0, -1).split('\0');
}
