// A finding's kind in words, for the places a person reads (the status bar, the tooltip): the kind
// itself ("meter-tampered") is an id for logs, JSON and acceptances, not a sentence.
import type { FindingKind } from './finding';

const WORDS: Record<FindingKind, string> = {
  'meter-tampered': "the meter's files were changed",
  'hooks-disarmed': 'the hooks were disarmed',
  'transcript-tampered': 'a transcript was changed',
  'foreign-transcript': "a transcript from elsewhere",
  'checker-trivialized': 'a checker was made trivial',
  'test-skipped': 'a test was skipped',
  'test-focused': 'a test was focused',
  'test-deleted': 'a test was deleted',
  'tests-removed': 'tests were removed',
  'failure-swallowed': 'a failure was swallowed',
  'assertions-removed': 'assertions were removed',
  'checker-changed': 'a checker was changed',
  'gate-config-changed': 'the gate settings were changed',
  'no-verify': 'a commit skipped its hooks',
  'history-rewritten': 'history was rewritten',
  'plan-changed': 'the plan was changed',
  'failed-on-rerun': 'a proof failed when re-run',
  'acceptance-forged': 'an acceptance was forged',
  'sealed-elsewhere': 'sealed on another machine',
  'runner-replaced': 'a test runner was replaced',
  'runner-config-narrowed': 'the runner settings narrow what runs',
  'test-helper-changed': 'a file a test loads was changed',
  'push-remote-changed': 'the push remote changed',
  'edit-hidden-from-git': 'git hides an edit',
  'proof-changed-other': "a proof's re-run changed what another proof runs",
  'no-tests-ran': 'a proof ran no tests when re-run',
  'tests-fewer-on-rerun': 'a proof ran fewer tests when re-run',
};

export function findingKindWords(kind: FindingKind): string {
  return WORDS[kind];
}
