// Runs one bench script for run-all: its output still shows live in the terminal, and its stdout
// (the tables) is kept for RESULTS.md, with its warnings and, should it fail, the end of its stderr.
import { spawn } from 'node:child_process';

const STDERR_TAIL_LINES = 30;
// "warning: backend/src is newer than backend/dist ..." and "[lighthouse] warning on /: ...": they qualify the figures.
const WARNING = /^(\[[\w-]+\] )?warning\b/;

/** Resolves once the script has exited, with its exit code (or signal), output and duration. */
export function runScript(file, args, env) {
  const started = performance.now();
  const child = spawn(process.execPath, [file, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stdout = [];
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    stdout.push(chunk);
  });

  // Only the end of stderr is kept (a million-row seed logs a lot; a failure's message comes last).
  const tail = [];
  const warnings = new Set();
  let partial = '';
  const take = (line) => {
    tail.push(line);
    if (tail.length > STDERR_TAIL_LINES) tail.shift();
    if (WARNING.test(line)) warnings.add(line);
  };
  child.stderr.setEncoding('utf8'); // whole characters, even where a chunk splits one
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    lines.forEach(take);
  });

  return new Promise((resolve) => {
    child.once('error', (error) => take(`could not run ${file}: ${error.message}`));
    child.once('close', (exitCode, signal) => {
      if (partial) take(partial);
      resolve({
        exitCode,
        signal,
        seconds: (performance.now() - started) / 1000,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderrTail: tail.join('\n').trim(),
        warnings: [...warnings],
      });
    });
  });
}
