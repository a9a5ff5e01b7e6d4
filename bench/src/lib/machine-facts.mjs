// What the figures of RESULTS.md were measured on: the machine, the software and the code.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';
import { root } from './build.mjs';
import { redactUrl } from './postgres.mjs';

const DEFAULT_CHROME = '/usr/bin/chromium'; // as lighthouse.mjs drives it

/** A command's first output line, or undefined when it cannot run. */
function firstLine(file, args) {
  try {
    return execFileSync(file, args, { cwd: root, encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'ignore'] }).split('\n')[0].trim();
  } catch {
    return undefined;
  }
}

function distribution() {
  const file = '/etc/os-release';
  const pretty = existsSync(file) && /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync(file, 'utf8'));
  return pretty ? `${pretty[1]}, ` : '';
}

/**
 * The code measured: the commit and whether the tree differed from it. RESULTS.md itself is left
 * out, since each run rewrites it.
 */
function commit() {
  const hash = firstLine('git', ['rev-parse', '--short', 'HEAD']);
  if (!hash) return 'unknown (not a git checkout?)';
  const changes = firstLine('git', ['status', '--porcelain', '--', '.', ':(exclude)bench/RESULTS.md']);
  return changes ? `${hash} with uncommitted changes` : `${hash}, clean tree`;
}

/** Facts known before the benches run; the load average shows how busy the machine was. */
export function machineFacts() {
  const chrome = process.env.CHROME_PATH || DEFAULT_CHROME;
  return {
    CPU: `${cpus()[0]?.model.trim() ?? 'unknown'}, ${availableParallelism()} cores available`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    OS: `${distribution()}${type()} ${release()}`,
    'load average at start (1, 5, 15 min)': loadavg().map((load) => load.toFixed(2)).join(', '),
    Node: process.version,
    Chromium: (existsSync(chrome) && firstLine(chrome, ['--version'])) || `not found at ${chrome}`,
    commit: commit(),
  };
}

/** The services some benches use: PostgreSQL as the feed bench found it, and Redis for BullMQ. */
export function serviceFacts(env, benchFacts) {
  return {
    PostgreSQL: benchFacts.PostgreSQL ?? 'not reached (the feed bench did not run or could not connect)',
    Redis: env.REDIS_URL ? redactUrl(env.REDIS_URL) : 'REDIS_URL unset: the generation bench skips BullMQ',
  };
}
