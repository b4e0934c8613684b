// Text Claude Code writes where the person's words would stand: a slash command's wrapper and its
// output, a `!` shell line and its output, a task's notification. It arrives as a prompt or a user
// record, but it is nobody's words: the prompt hook and the transcript scan both pass over it.
const HARNESS_TAGS = [
  'command-name',
  'command-message',
  'local-command-stdout',
  'local-command-stderr',
  'local-command-caveat',
  'task-notification',
  'bash-input',
  'bash-stdout',
  'bash-stderr',
];
const HARNESS_TEXT = new RegExp(`^\\s*<(${HARNESS_TAGS.join('|')})>`);

export function isHarnessText(text: string): boolean {
  return HARNESS_TEXT.test(text);
}
