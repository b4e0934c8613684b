// The extension's two output channels: "Proofmeter" for what a person asked to see (the tally,
// the doctor, installer output) and "Proofmeter Log" for what the extension did and rejected.
import { appendFileSync } from 'node:fs';
import * as vscode from 'vscode';

export class Log implements vscode.Disposable {
  readonly output: vscode.OutputChannel;
  private readonly log: vscode.LogOutputChannel;
  /** Every line logged, newest last, capped (read by the host tests). */
  readonly recent: string[] = [];

  constructor() {
    this.output = vscode.window.createOutputChannel('Proofmeter');
    this.log = vscode.window.createOutputChannel('Proofmeter Log', { log: true });
  }

  private keep(level: string, msg: string): void {
    const line = `${level} ${msg}`;
    this.recent.push(line);
    if (this.recent.length > 500) this.recent.splice(0, this.recent.length - 500);
    // For the end-to-end tests: a copy of the log in a file named by the environment.
    const file = process.env.PROOFMETER_EXT_LOG;
    if (file) {
      try {
        appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
      } catch {
        // a test log that cannot be written is not the extension's problem
      }
    }
  }

  info(msg: string): void {
    this.keep('info', msg);
    this.log.info(msg);
  }

  warn(msg: string): void {
    this.keep('warn', msg);
    this.log.warn(msg);
  }

  error(msg: string): void {
    this.keep('error', msg);
    this.log.error(msg);
  }

  /** Replaces the "Proofmeter" channel's text and shows it without taking focus. */
  show(title: string, body: string): void {
    this.output.clear();
    this.output.appendLine(title);
    this.output.appendLine('');
    this.output.appendLine(body);
    this.output.show(true);
  }

  dispose(): void {
    this.output.dispose();
    this.log.dispose();
  }
}
