// find's expression as the guard reads it: which paths a branch may act on, what it prunes, and
// which expressions it does not take apart.
import { strict as assert } from 'node:assert';
import { findPattern, mayActOn, mayHold, printsByDefault, prunes, readFind } from '../../../src/core/shell/findExpr';

const deletes = (t: { action?: string }) => t.action === '-delete';

describe('find expressions', () => {
  // [pattern, ignore case, text, matches]
  const patterns: Array<[string, boolean, string, boolean]> = [
    ['*.pyc', false, 'a.pyc', true],
    ['*.pyc', false, 'a.py', false],
    ['*', false, '.claude', true],
    ['*proofmeter*', false, './.claude/proofmeter', true],
    ['./.claude/*', false, './.claude/proofmeter/goal.json', true],
    ['GOAL.JSON', true, 'goal.json', true],
    ['GOAL.JSON', false, 'goal.json', false],
    ['goal.jso?', false, 'goal.json', true],
    ['[!a]oal.json', false, 'goal.json', true],
    ['[!g]oal.json', false, 'goal.json', false],
    ['\\*.json', false, 'x.json', false],
    ['[z-a]', false, 'anything', true],
  ];
  for (const [pattern, icase, text, hit] of patterns) {
    it(`${pattern}${icase ? ' (any case)' : ''} ${hit ? 'matches' : 'does not match'} ${text}`, () => {
      assert.equal(findPattern(pattern, icase).test(text), hit);
    });
  }

  it('reads the roots after find’s own options', () => {
    assert.deepEqual(readFind(['-L', 'src', 'test', '-name', 'x'])?.roots, ['src', 'test']);
  });

  for (const args of [['.', '!', '-name', 'x'], ['.', '-not', '-name', 'x'], ['.', '(', '-name', 'x', ')'], ['.', '-name', 'a', ',', '-delete']]) {
    it(`does not take apart ${args.join(' ')}`, () => assert.equal(readFind(args), null));
  }

  // [args, printed path, may delete]
  const acts: Array<[string[], string, boolean]> = [
    [['.', '-name', '*.pyc', '-delete'], './.claude/proofmeter/goal.json', false],
    [['.', '-name', '*.json', '-delete'], './.claude/proofmeter/goal.json', true],
    [['.', '-type', 'f', '-delete'], './.claude/proofmeter/goal.json', true],
    [['.', '-delete', '-name', 'x'], './a', true],
    [['.', '-name', 'x', '-o', '-name', '*.json', '-delete'], './goal.json', true],
    [['.', '-name', '*.json', '-print', '-o', '-delete'], './goal.json', false],
    [['.', '-name', '*.json', '-exec', 'true', ';', '-o', '-delete'], './goal.json', true],
    [['.', '-maxdepth', '1', '-name', 'goal.json', '-delete'], './goal.json', true],
  ];
  for (const [args, printed, hit] of acts) {
    it(`find ${args.join(' ')} ${hit ? 'may delete' : 'never deletes'} ${printed}`, () => {
      assert.equal(mayActOn(readFind(args)!, printed, deletes), hit);
    });
  }

  it('prunes a folder its pruning branch surely holds for, unless it walks depth first', () => {
    assert.equal(prunes(readFind(['.', '-path', './.claude', '-prune', '-o', '-print'])!, './.claude'), true);
    assert.equal(prunes(readFind(['.', '-path', './.claude', '-prune', '-o', '-print'])!, './src'), false);
    assert.equal(prunes(readFind(['.', '-type', 'd', '-path', './.claude', '-prune', '-o', '-print'])!, './.claude'), false);
    assert.equal(prunes(readFind(['.', '-path', './.claude', '-prune', '-o', '-delete'])!, './.claude'), false);
    assert.equal(prunes(readFind(['.', '-depth', '-path', './.claude', '-prune', '-o', '-print'])!, './.claude'), false);
    assert.equal(prunes(readFind(['.', '-name', '*', '-o', '-path', './.claude', '-prune'])!, './.claude'), false);
  });

  it('prints by default only with no action, and then whatever a branch may hold for', () => {
    assert.equal(printsByDefault(readFind(['.', '-name', '*.ts'])!), true);
    assert.equal(printsByDefault(readFind(['.', '-name', '*.ts', '-print'])!), false);
    assert.equal(mayHold(readFind(['.', '-name', '*.ts', '-o', '-name', '*.json'])!, './goal.json'), true);
    assert.equal(mayHold(readFind(['.', '-name', '*.ts'])!, './goal.json'), false);
  });
});
