// Words that refuse close nothing: only a sentence that affirms closes the ids it names.
import { strict as assert } from 'node:assert';
import { affirmedIds, sentencesOf, stanceOf } from '../../../src/core/evidence/affirmedIds';

const cases: Array<[string, string[]]> = [
  ['S1 and V1 are done', ['S1', 'V1']],
  ['S2 is NOT done', []],
  ['Is S2 done?', []],
  ['S2 isn’t finished yet', []],
  ["S2 isn't finished yet", []],
  ['S3 done. S4 not yet.', ['S3']],
  ['S3 done; S4 not yet', ['S3']],
  ['yes, S2 works', ['S2']],
  ['S2 works!', ['S2']],
  ['S2 looks good, ship it', ['S2']],
  ['S2', ['S2']],
  ['S2: no problems, ship it', ['S2']],
  ['S2 works, no?', []],
  ['S2 done?!', []],
  ['S2 never passed for me', []],
  ['No, S2 is broken', []],
  ['S2 does not work on v1.2 yet', []],
  ['S1 is done but S2 is not', []],
  ['S2, S3: not done', []],
  ['Could you check S2 again? S3 is fine.', ['S3']],
  ['- S1 verified\n- S2 still failing, not done', ['S1']],
  ['I tried S2 (see notes.md) and it is fine', ['S2']],
  ['¿Está S2 listo?', []],
  ['¿Está S2 listo', []],
  ['S2 está listo', ['S2']],
  ['S2 no está listo', []],
  ['S2 nunca funcionó', []],
  ['S2 não está pronto', []],
  ['S2 está pronto.', ['S2']],
  ['S2 は終わりましたか？', []],
  ['S2 は終わりましたか', []],
  ['S2 は終わりました。', ['S2']],
  ['S2 はまだです。S3 は完了。', ['S3']],
  ['S2 は終わっていない', []],
  ['S2 ist nicht fertig', []],
  ['S2 ist fertig', ['S2']],
  ['S2 hat keine Tests', []],
  ["S2 n'est pas fini", []],
  ['S2 est fini', ['S2']],
  ['S2 готов', ['S2']],
  ['S2 не готов', []],
  ['Нет, S2 сломан', []],
  ['Είναι έτοιμο το S2;', []],
  ['Είναι έτοιμο το S2\u037e', []],
  ['Το S2 είναι έτοιμο.', ['S2']],
  ['هل S2 جاهز؟', []],
  ['S2 完成了吗', []],
  ['S2 没有完成', []],
  ['S2 完成了。', ['S2']],
  ['S2 끝났습니까', []],
  ['S2 안 됐어요', []],
  ['S1 ok; is S2 ok?', ['S1']],
];

describe('affirmed ids', () => {
  for (const [text, want] of cases) {
    it(`${JSON.stringify(text)} closes ${want.length ? want.join(' ') : 'nothing'}`, () => assert.deepEqual(affirmedIds(text), want));
  }
});

describe('sentences and their stance', () => {
  it('a full stop ends a sentence only before a space or the end', () => {
    assert.deepEqual(sentencesOf('S2 runs on v1.2. S3 too'), ['S2 runs on v1.2.', 'S3 too']);
  });

  it('closing marks stay with their sentence', () => {
    assert.deepEqual(sentencesOf('S2 done?! Yes... S3.'), ['S2 done?!', 'Yes...', 'S3.']);
  });

  const stances: Array<[string, ReturnType<typeof stanceOf>]> = [
    ['S2 works', 'affirms'],
    ['S2 works?', 'asks'],
    ['S2 works?"', 'asks'],
    ['S2 doesn’t work', 'negates'],
    ['S2 — no objections', 'affirms'],
  ];
  for (const [s, want] of stances) it(`${JSON.stringify(s)} ${want}`, () => assert.equal(stanceOf(s), want));
});
