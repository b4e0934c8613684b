import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile } from '../../../src/workspace/readJsonFile';

describe('readJsonFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pm-json-'));
  const schema = z.object({ version: z.literal(1), n: z.number() });
  const file = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const cases: Array<[string, () => string, { version: 1; n: number } | null]> = [
    ['a file of the shape is read', () => file('ok.json', '{"version":1,"n":2}\n'), { version: 1, n: 2 }],
    ['a missing file is null', () => join(dir, 'missing.json'), null],
    ['a torn file is null', () => file('torn.json', '{"version":1,"n"'), null],
    ['a file of another version is null', () => file('v2.json', '{"version":2,"n":2}'), null],
    ['a file of another shape is null', () => file('shape.json', '{"version":1,"n":"two"}'), null],
  ];
  for (const [name, path, want] of cases) {
    it(name, () => assert.deepEqual(readJsonFile(path(), schema), want));
  }
});
