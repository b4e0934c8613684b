// Here-documents at their edges: a delimiter never given, a body never ended, <<- stripping only
// leading tabs (all of them) while << strips none, and the newline after the delimiter line that
// still ends the command.
import { strict as assert } from 'node:assert';
import { lex } from '../../../src/core/shell/lex';
import { brief } from './lexBrief';

describe('the lexer: here-documents', () => {
  it('a here-document whose body never starts is unterminated', () => assert.equal(lex('cat <<EOF').unterminated, true));
  it('a here-document operator with no delimiter is unterminated', () => assert.equal(lex('cat <<').unterminated, true));

  const rows: Array<[string, string, string[], boolean]> = [
    ['<< strips no tabs, so a tabbed delimiter line is body', 'cat <<EOF\n\tEOF\nEOF', ['w0-3:cat', 'r4-6:<<', 'w6-9:EOF', 'op:"\\n"', 'h:"\\tEOF\\nEOF"'], false],
    ['<<- strips every leading tab of the delimiter line', 'cat <<-EOF\nx\n\t\tEOF', ['w0-3:cat', 'r4-7:<<-', 'w7-10:EOF', 'op:"\\n"', 'h:"x\\n\\t\\tEOF"'], false],
    ['<<- strips a single leading tab too', 'cat <<-EOF\nx\n\tEOF', ['w0-3:cat', 'r4-7:<<-', 'w7-10:EOF', 'op:"\\n"', 'h:"x\\n\\tEOF"'], false],
    ['<<- strips no tab inside the line', 'cat <<-EOF\nEO\tF\nEOF', ['w0-3:cat', 'r4-7:<<-', 'w7-10:EOF', 'op:"\\n"', 'h:"EO\\tF\\nEOF"'], false],
    ['the newline after the delimiter line ends the command', 'cat <<EOF\nx\nEOF\nls', ['w0-3:cat', 'r4-6:<<', 'w6-9:EOF', 'op:"\\n"', 'h:"x\\nEOF"', 'op:"\\n"', 'w16-18:ls'], false],
  ];
  for (const [rule, src, want, unterminated] of rows) {
    it(rule, () => {
      assert.deepEqual(brief(src), want);
      assert.equal(lex(src).unterminated, unterminated);
    });
  }
});
