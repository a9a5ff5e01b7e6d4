// What every bench script does with its command line and its failures.
import { parseArgs } from 'node:util';

export class UsageError extends Error {
  constructor(message, usage) {
    super(usage ? `${message}\n\n${usage}` : message);
    this.name = 'UsageError';
  }
}

/** parseArgs, with anything it does not understand reported as a UsageError that shows the usage. */
export function parseCommandLine(argv, options, usage) {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', default: false } } }).values;
  } catch (error) {
    throw new UsageError(error.message, usage);
  }
}

export function positiveInteger(name, text, usage) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new UsageError(`--${name} must be a whole number above 0 (got ${JSON.stringify(text)})`, usage);
  }
  return value;
}

/**
 * Runs a bench: reads its options from the command line and the environment with `readOptions`,
 * prints its usage when they ask for help, and runs `main` with them otherwise. Setup problems (no
 * database, no build, a bad option) are the operator's to fix and their messages say how; only a bug
 * in the script needs its stack.
 */
export function runBench(name, readOptions, main) {
  Promise.resolve()
    .then(() => {
      const options = readOptions(process.argv.slice(2), process.env);
      if (options.help) console.log(options.help);
      else return main(options);
    })
    .catch((error) => {
      const bug = [TypeError, ReferenceError, RangeError, SyntaxError].some((type) => error instanceof type);
      console.error(`${name}: ${bug ? error.stack : error.message}`);
      process.exitCode = 1;
    });
}
