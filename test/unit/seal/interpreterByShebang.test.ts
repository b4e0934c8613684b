// interpreterOf reads a script's #! line first, then its extension: the resolver reads a shell
// script's commands and sweeps a node or python script's literals by what this says.
import { strict as assert } from 'node:assert';
import { interpreterOf, type Interpreter } from '../../../src/core/seal/interpreter';

const ROWS: Array<[string, string, string, Interpreter | null]> = [
  ['a #! line names bash', 'run', '#!/bin/bash\necho hi\n', 'sh'],
  ['a #! line with a space before the program', 'run', '#! /bin/sh\n', 'sh'],
  ['a #! line with no space before the program', 'run', '#!/bin/sh', 'sh'],
  ['env names node', 'run', '#!/usr/bin/env node\n', 'node'],
  ['env and two spaces before node', 'run', '#!/usr/bin/env  node\n', 'node'],
  ['env names python3', 'run', '#!/usr/bin/env python3\n', 'python'],
  ['env names tsx', 'run', '#!/usr/bin/env tsx\n', 'node'],
  ['env alone names no program', 'run', '#!/usr/bin/env\n', null],
  ['a program whose name ends in node is not node', 'run', '#!/usr/bin/env xnode\n', null],
  ['a program under /env/ is itself the program', 'run', '#!/env/bin/sh\n', 'sh'],
  ['a #! line that is not the first line is not read', 'run', 'x\n#!/bin/sh\n', null],
  ['no #! line and no extension', 'run', 'echo hi\n', null],
  ['a .py file', 'tools/check.py', 'print(1)\n', 'python'],
  ['a .pyc file is not python', 'tools/check.pyc', '', null],
  ['a .txt file', 'notes.txt', '', null],
  ['a .sh file', 'run.sh', '', 'sh'],
  ['a #! line wins over the extension', 'run.py', '#!/bin/sh\n', 'sh'],
];

describe('interpreterOf by #! line and extension', () => {
  for (const [what, path, text, want] of ROWS) {
    it(`${what}: ${path} is ${want ?? 'none'}`, () => assert.equal(interpreterOf(path, text), want));
  }
});
