// interpreterOf matches the #! program's whole name (nodemon is not node, ipython or pythonw is not
// python, python3.11 is) and the path's extension only at its end (a.sh.bak, a.json are neither).
import { strict as assert } from 'node:assert';
import { interpreterOf } from '../../../src/core/seal/interpreter';

const ROWS: Array<[string, string, string, string | null]> = [
  ['nodemon is not node', 'tool', '#!/usr/bin/env nodemon\n', null],
  ['node is node', 'tool', '#!/usr/bin/env node\n', 'node'],
  ['ipython is not python', 'tool', '#!/usr/bin/env ipython\n', null],
  ['pythonw is not python', 'tool', '#!/usr/bin/pythonw\n', null],
  ['python3.11 is python', 'tool', '#!/usr/bin/python3.11\n', 'python'],
  ['python is python', 'tool', '#!/usr/bin/python\n', 'python'],
  ['a.sh.bak is not a shell script', 'a.sh.bak', 'echo\n', null],
  ['a.sh is a shell script', 'a.sh', 'echo\n', 'sh'],
  ['a.json is not a node script', 'a.json', '{}\n', null],
  ['a.mjs is a node script', 'a.mjs', '', 'node'],
  ['a.cts is a node script', 'a.cts', '', 'node'],
];

describe('interpreterOf by whole program names and final extensions', () => {
  for (const [what, path, text, want] of ROWS) {
    it(what, () => assert.equal(interpreterOf(path, text), want));
  }
});
