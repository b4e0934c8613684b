// StrykerJS rewrites its incremental file with only the files the run mutated, so a run scoped with
// --mutate would throw away the results of every other file. This carries those results over from
// the previous incremental report. Test ids are numbers local to each report, so the tests that
// cover or kill a carried mutant are mapped by file and name; a mutant whose killing test is gone
// is left out, and StrykerJS tests it again next time.

const testKey = (file, name) => `${file}\0${name}`;

/** Test id -> file and name key, from a report's testFiles. */
function keysById(report) {
  const byId = new Map();
  for (const [file, { tests }] of Object.entries(report.testFiles ?? {})) {
    for (const t of tests) byId.set(t.id, testKey(file, t.name));
  }
  return byId;
}

/** The next report with the files of the previous one that it does not have. */
export function carryOver(previous, next) {
  const oldKeys = keysById(previous);
  const newIds = new Map([...keysById(next)].map(([id, key]) => [key, id]));
  const remap = (ids) => (ids ?? []).map((id) => newIds.get(oldKeys.get(id)));
  let nextMutantId = 1 + Math.max(-1, ...Object.values(next.files).flatMap((f) => f.mutants.map((m) => Number(m.id))));
  const files = { ...next.files };
  for (const [name, file] of Object.entries(previous.files)) {
    if (name in files) continue;
    const mutants = [];
    for (const m of file.mutants) {
      const killedBy = remap(m.killedBy);
      if (killedBy.includes(undefined)) continue;
      const carried = { ...m, id: String(nextMutantId++) };
      if (m.coveredBy) carried.coveredBy = remap(m.coveredBy).filter((id) => id !== undefined);
      if (m.killedBy) carried.killedBy = killedBy;
      mutants.push(carried);
    }
    files[name] = { ...file, mutants };
  }
  return { ...next, files };
}
