// Which files of a crate the seal reads for a cargo command: the cargo configs, only .rs files
// under tests/, the toolchain word `+nightly`, every subcommand that builds, and workspace members
// read literally (a `?` in a member name is no wildcard) and at most once, even in a cycle.
import { strict as assert } from 'node:assert';
import { resolveProof } from '../../../src/core/seal/resolve';
import { memoryView } from '../../../src/core/seal/view';
import { depLines, type Files } from './helpers';

const CRATE: Files = { 'Cargo.toml': '[package]\nname = "x"\n', 'tests/it.rs': '#[test] fn b() {}\n' };

const CASES: Array<[string, Files, string, string[]]> = [
  ['both cargo config files are runner config', { ...CRATE, '.cargo/config.toml': '', '.cargo/config': '' }, 'cargo test', ['runner-config .cargo/config', 'runner-config .cargo/config.toml', 'runner-config Cargo.toml', 'test tests/it.rs']],
  ['a file under tests/ that is not .rs is no test', { ...CRATE, 'tests/data.txt': 'x' }, 'cargo test', ['runner-config Cargo.toml', 'test tests/it.rs']],
  ['a toolchain word before the subcommand is skipped', CRATE, 'cargo +nightly test', ['runner-config Cargo.toml', 'test tests/it.rs']],
  ['`cargo check` reads the manifest', CRATE, 'cargo check', ['runner-config Cargo.toml']],
  ['`cargo b` reads the manifest', CRATE, 'cargo b', ['runner-config Cargo.toml']],
  ['`cargo c` reads the manifest', CRATE, 'cargo c', ['runner-config Cargo.toml']],
  ['`cargo run` reads the manifest', CRATE, 'cargo run', ['runner-config Cargo.toml']],
  ['a crate with no workspace section follows no member', { ...CRATE, 'Stryker was here/Cargo.toml': '[package]\n' }, 'cargo build', ['runner-config Cargo.toml']],
  ['a member name holding `?` names that folder only', { 'Cargo.toml': '[workspace]\nmembers = ["a?"]\n', 'ab/Cargo.toml': '[package]\n' }, 'cargo build', ['runner-config Cargo.toml']],
  ['members naming each other are read once each', { 'Cargo.toml': '[workspace]\nmembers = ["a"]\n', 'a/Cargo.toml': '[workspace]\nmembers = ["../a"]\n' }, 'cargo build', ['runner-config Cargo.toml', 'runner-config a/Cargo.toml']],
];

describe('the files of a crate a cargo command reads', () => {
  for (const [name, files, proof, expected] of CASES) {
    it(name, () => assert.deepEqual(depLines(files, proof), [...expected].sort()));
  }

  it('a subcommand that builds nothing reads no crate file', () => {
    assert.deepEqual(resolveProof('cargo publish', memoryView(CRATE)).deps.filter((d) => d.path === 'Cargo.toml'), []);
  });

  it('members naming each other leave the proof read to the end', () => {
    const files: Files = { 'Cargo.toml': '[workspace]\nmembers = ["a"]\n', 'a/Cargo.toml': '[workspace]\nmembers = ["../a"]\n' };
    assert.deepEqual(resolveProof('cargo build', memoryView(files)).unresolved, []);
  });

  it('each file says which cargo subcommand read it', () => {
    const manifest = resolveProof('cargo test', memoryView(CRATE)).deps.find((d) => d.path === 'Cargo.toml');
    assert.ok(manifest?.via.includes('runs cargo test'), manifest?.via);
  });
});
