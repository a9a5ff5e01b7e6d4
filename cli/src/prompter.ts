import * as readline from 'node:readline';
import { CliError } from './cli-error';

/** What an answer means, or why it is refused (the question is asked again). */
export type Parse<T> = (answer: string) => { value: T } | { problem: string };

/**
 * Questions on stderr, answers from stdin one line each: a person at a terminal, or a script piping
 * the answers in (stdout keeps only the command's result). Lines are read through readline's async
 * iterator, which keeps lines that arrive before their question is asked, as piped ones do.
 */
export class Prompter {
  private readonly reader: readline.Interface;
  private readonly lines: AsyncIterator<string>;

  constructor(
    input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stderr,
  ) {
    const terminal = Boolean((input as { isTTY?: boolean }).isTTY && (output as { isTTY?: boolean }).isTTY);
    this.reader = readline.createInterface({ input, output, terminal });
    this.lines = this.reader[Symbol.asyncIterator]();
  }

  say(text = ''): void {
    this.output.write(`${text}\n`);
  }

  /** The answer, trimmed; `shown` is the current value in [brackets], which Enter keeps (the caller decides). */
  async ask(question: string, shown?: string): Promise<string> {
    // readline's own prompt: on a terminal it redraws it when the line is edited.
    this.reader.setPrompt(shown ? `${question} [${shown}]: ` : `${question}: `);
    this.reader.prompt();
    const next = await this.lines.next();
    if (next.done) throw new CliError(`the input ended before an answer to "${question}"; nothing was saved`);
    return next.value.trim();
  }

  /** Asks until `parse` accepts the answer, saying each time what was wrong. */
  async askUntil<T>(question: string, shown: string | undefined, parse: Parse<T>): Promise<T> {
    for (;;) {
      const parsed = parse(await this.ask(question, shown));
      if ('value' in parsed) return parsed.value;
      this.say(`  ${parsed.problem}`);
    }
  }

  close(): void {
    this.reader.close();
  }
}
