// blankNonCode branch by branch: where a string stops at a newline, which languages have // and
// /* */ comments and which nest them, Python's triple quotes, Rust's raw strings, char literals and
// lifetimes, Go's raw strings, and a regex only in JavaScript. Expected texts are literal.
import { strict as assert } from 'node:assert';
import { blankNonCode, type Lang } from '../../../src/core/seal/blank';

const ROWS: Array<[string, Lang, string, string]> = [
  ['a one-quote string stops at the end of its line', 'js', "x = 'a\nb' + c", "x = ' \nb'    "],
  ['a template literal runs on over a newline', 'js', 'x = `a\nb` + c', 'x = ` \n ` + c'],
  ['a Python """ string runs on over a newline', 'py', '"""a\nb"""', '""" \n """'],
  ["a Python ''' string runs on over a newline", 'py', "'''a\nb'''", "''' \n '''"],
  ['a regex at the very start of the text is blanked', 'js', '/a b/.test(x)', '/   /.test(x)'],
  ['// is floor division in Python, and # starts its comment', 'py', 'x = 1 // 2 # c', 'x = 1 // 2    '],
  ['a // comment with no newline after it runs to the end', 'js', 'x // c', 'x     '],
  ['/* is no comment in Python', 'py', 'x = a /* b */', 'x = a /* b */'],
  ['a * after the first character of the text is no comment', 'js', 'a*b*/c', 'a*b*/c'],
  ['a block comment is blanked with its delimiters', 'js', '/* a */', '       '],
  ['a block comment ends at its */', 'js', '/* a */ b', '        b'],
  ['JavaScript block comments do not nest', 'js', '/* /* */ x */ y', '         x */ y'],
  ['Rust block comments nest', 'rust', '/* /* */ x */ y', '              y'],
  ["''' is two strings in JavaScript", 'js', "'''x'", "''' '"],
  ['a backslash escapes a quote inside a Python """ string', 'py', 'x = """a\\"""b"""', 'x = """      """'],
  ['the code after a Python """ string is read again', 'py', 'x = """a""" + \'b\'', 'x = """ """ + \' \''],
  ['r"…" is no raw string in JavaScript', 'js', 'r"a\\"b" + "c"', 'r"    " + " "'],
  ['a Rust r that starts a word but no raw string is code', 'rust', 'ra r"x"', 'ra r" "'],
  ['a lone r after a raw string is code', 'rust', 'r"a" + r + "b"', 'r" " + r + " "'],
  ['a Rust raw string ignores the backslash', 'rust', 'let s = r"\\";', 'let s = r" ";'],
  ['an r that ends a word does not start a raw string', 'rust', 'xr"\\";', 'xr"   '],
  ['a Rust lifetime is code', 'rust', 'fn f<\'a>(x: &\'a str) -> "s"', 'fn f<\'a>(x: &\'a str) -> " "'],
  ['a lifetime followed by a char literal on the line', 'rust', "x: &'a T = 'b';", "x: &'a T = ' ';"],
  ['a Rust \\u{…} char literal', 'rust', "c = '\\u{1F600}';", "c = '         ';"],
  ['a Rust \\x char literal', 'rust', "c = '\\x41';", "c = '    ';"],
  ['a backtick is code in Python', 'py', 'x = `a b` # c', 'x = `a b`    '],
  ['a backtick is code in Rust', 'rust', 'x = `a b`', 'x = `a b`'],
  ['a Go raw string ignores the backslash', 'go', 'x := `a\\` + "b"', 'x := `  ` + " "'],
  ['a Go double-quoted string has escapes', 'go', 'x := "a\\"b" + "c"', 'x := "    " + " "'],
  ['a JavaScript template literal has escapes', 'js', 'x = `a\\`b` + "c"', 'x = `    ` + " "'],
  ['a / is no regex in Go', 'go', 'f(/a b/)', 'f(/a b/)'],
];

describe('blankNonCode branch by branch', () => {
  for (const [what, lang, text, want] of ROWS) {
    it(`${lang}: ${what}`, () => assert.equal(blankNonCode(text, lang), want));
  }
});
