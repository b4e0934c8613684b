// cargo's dependencies beyond `cargo test`: nextest and its config, `cargo t`, --manifest-path,
// plain workspace members, and the lint configs clippy and rustfmt read.
import { strict as assert } from 'node:assert';
import { depLines, type Files } from './helpers';

const CRATE: Files = { 'Cargo.toml': '[package]\nname = "x"\n', 'tests/it.rs': '#[test] fn b() {}\n' };

const CASES: Array<[string, Files, string, string[]]> = [
  ['`cargo nextest run` is cargo test, with .config/nextest.toml', { ...CRATE, '.config/nextest.toml': '[profile.default]\n' }, 'cargo nextest run', ['runner-config .config/nextest.toml', 'runner-config Cargo.toml', 'test tests/it.rs']],
  ['`cargo t` is cargo test', CRATE, 'cargo t', ['runner-config Cargo.toml', 'test tests/it.rs']],
  ['`cargo test` does not read nextest.toml', { ...CRATE, '.config/nextest.toml': '' }, 'cargo test', ['runner-config Cargo.toml', 'test tests/it.rs']],
  ['--manifest-path sub/Cargo.toml reads the crate in sub', { 'sub/Cargo.toml': '[package]\n', 'sub/tests/a.rs': '', 'Cargo.toml': '[package]\n' }, 'cargo test --manifest-path sub/Cargo.toml', ['runner-config sub/Cargo.toml', 'test sub/tests/a.rs']],
  ['--manifest-path Cargo.toml is the crate in the folder itself', { ...CRATE, 'Cargo.toml/Cargo.toml': '' }, 'cargo test --manifest-path Cargo.toml', ['runner-config Cargo.toml', 'test tests/it.rs']],
  ['--manifest-path strips only the trailing Cargo.toml', { 'Cargo.toml-dir/Cargo.toml': '[package]\n', 'Cargo.toml-dir/tests/a.rs': '' }, 'cargo build --manifest-path Cargo.toml-dir/Cargo.toml', ['runner-config Cargo.toml-dir/Cargo.toml']],
  ['a workspace member named without a glob is followed', { 'Cargo.toml': '[workspace]\nmembers = ["a"]\n', 'a/Cargo.toml': '[package]\n', 'a/tests/t.rs': '' }, 'cargo test', ['runner-config Cargo.toml', 'runner-config a/Cargo.toml', 'test a/tests/t.rs']],
  ['`cargo clippy` reads clippy.toml and .clippy.toml', { ...CRATE, 'clippy.toml': '', '.clippy.toml': '', 'rustfmt.toml': '' }, 'cargo clippy', ['lint-config .clippy.toml', 'lint-config clippy.toml', 'runner-config Cargo.toml']],
  ['`cargo fmt` reads rustfmt.toml and .rustfmt.toml', { ...CRATE, 'rustfmt.toml': '', '.rustfmt.toml': '', 'clippy.toml': '' }, 'cargo fmt --check', ['lint-config .rustfmt.toml', 'lint-config rustfmt.toml', 'runner-config Cargo.toml']],
];

describe('cargo subcommands and options choose what the seal reads', () => {
  for (const [name, files, proof, expected] of CASES) {
    it(name, () => assert.deepEqual(depLines(files, proof), [...expected].sort()));
  }
});
