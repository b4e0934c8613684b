import { strict as assert } from 'node:assert';
import { GUARD_VERBS } from '../../../src/core/install/guardScript';
import { COPY, DESTROY, FRONT_VERBS, IN_PLACE, SHELLS, WRAPPERS, WRITE_ALL, isInterpreter, stripPrefix } from '../../../src/core/shell/verbs';

describe('the verb list the guard and its sh front share', () => {
  it('the front sends on every verb the full guard reads, every wrapper it looks through, and `hook`', () => {
    const reserved = new Set(['if', 'elif', 'then', 'else', 'while', 'until', 'do', '{', '}', '!']);
    for (const set of [DESTROY, WRITE_ALL, COPY, IN_PLACE, SHELLS]) for (const v of set) assert.ok(FRONT_VERBS.includes(v), v);
    for (const v of WRAPPERS) if (!reserved.has(v)) assert.ok(FRONT_VERBS.includes(v), v);
    for (const v of ['dd', 'eval', 'find', 'git', 'cd', 'python*', 'node', 'awk', 'npx', 'hook']) assert.ok(FRONT_VERBS.includes(v), v);
  });

  it('is the very list guard.sh is written with', () => assert.equal(GUARD_VERBS, FRONT_VERBS));

  it('keeps every verb the front had before the list was shared', () => {
    const before = 'rm rmdir unlink shred mv chmod chown chgrp chattr setfacl tee touch truncate sponge mkfifo cp install ln rsync scp sed gsed perl ruby yq dd eval find git cd pushd source . sh bash zsh dash ksh fish python* node nodejs deno bun php awk gawk mawk osascript lua sudo doas env command builtin exec nohup nice time timeout stdbuf ionice chronic xargs npx';
    for (const v of before.split(' ')) assert.ok(FRONT_VERBS.includes(v), v);
  });

  const interpreters: [string, boolean][] = [['python3', true], ['python3.11', true], ['python', true], ['node', true], ['awk', true], ['pythonic', false], ['make', false]];
  for (const [verb, want] of interpreters) it(`${verb} is ${want ? '' : 'not '}an interpreter`, () => assert.equal(isInterpreter(verb), want));

  const prefixes: [string[], string[]][] = [
    [['FOO=1', 'sudo', '-u', 'x', 'rm', 'a'], ['rm', 'a']],
    [['timeout', '5', 'env', 'X=1', 'rm', 'a'], ['rm', 'a']],
    [['then', 'rm', 'a'], ['rm', 'a']],
    [['{', 'rm', 'a'], ['rm', 'a']],
    [['/usr/bin/env', 'rm'], ['rm']],
    [['rm', 'sudo'], ['rm', 'sudo']],
  ];
  for (const [words, want] of prefixes) it(`reads ${words.join(' ')} as ${want.join(' ')}`, () => assert.deepEqual(stripPrefix(words), want));
});
