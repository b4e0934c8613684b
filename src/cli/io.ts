// What a command may touch of the outside world, passed in so tests can run commands in-process.
export interface Io {
  out(line: string): void;
  err(line: string): void;
  readStdin(): Promise<string>;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface CommandResult {
  code: number;
}

export class UsageError extends Error {
  override name = 'UsageError';
}
