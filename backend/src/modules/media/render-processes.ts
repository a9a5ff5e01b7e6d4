import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { RenderAnswer } from './render-child';
import type { RenderJob } from './render-image';

/** The child's entry beside this file: the compiled one, or the TypeScript source run through tsx (tests). */
const CHILD_ENTRY = path.join(__dirname, `render-child${path.extname(__filename)}`);
const CHILD_EXEC_ARGV = CHILD_ENTRY.endsWith('.ts') ? ['--import', 'tsx'] : [];
/** An idle process exits after this; starting one again costs about a tenth of a second. */
const IDLE_MS = 30_000;

interface Idle {
  child: ChildProcess;
  timer: NodeJS.Timeout;
}

/**
 * sharp renders in child processes, one render at a time in each. A render nobody waits for any
 * more is stopped by killing its process: sharp has no way to stop a render it has started, and a
 * large AVIF kept a core busy for seconds after every client had left. The caller bounds how many
 * run at once (WorkSlots); a process is reused while it is idle, and exits after IDLE_MS of that.
 */
export class RenderProcesses {
  private idle: Idle[] = [];
  private readonly running = new Set<ChildProcess>();

  /** The rendered picture; rejects with `signal`'s reason (the process killed) when it aborts first. */
  async run(job: RenderJob, signal: AbortSignal): Promise<Buffer> {
    signal.throwIfAborted();
    const child = this.take();
    this.running.add(child);
    let reusable = false;
    try {
      const answer = await answerOf(child, job, signal);
      if ('error' in answer) {
        reusable = true; // the process is fine: the picture could not be read
        throw new Error(answer.error);
      }
      reusable = true;
      return Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength);
    } finally {
      this.running.delete(child);
      if (reusable && child.connected) this.park(child);
      else child.kill('SIGKILL');
    }
  }

  /** Stops every render process (the server is stopping). */
  close(): void {
    for (const { child, timer } of this.idle) {
      clearTimeout(timer);
      child.kill('SIGKILL');
    }
    this.idle = [];
    for (const child of this.running) child.kill('SIGKILL');
  }

  private take(): ChildProcess {
    const idle = this.idle.pop();
    if (idle) {
      clearTimeout(idle.timer);
      idle.child.ref();
      idle.child.channel?.ref();
      return idle.child;
    }
    // cwd: where tsx resolves from when the source is run; stdout unused, stderr shows a crash.
    return fork(CHILD_ENTRY, [], { cwd: __dirname, execArgv: CHILD_EXEC_ARGV, serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  }

  /** Idle: it waits for the next render, without keeping the server's process alive. */
  private park(child: ChildProcess): void {
    child.unref();
    child.channel?.unref();
    const timer = setTimeout(() => {
      this.idle = this.idle.filter((entry) => entry.child !== child);
      child.kill();
    }, IDLE_MS).unref();
    this.idle.push({ child, timer });
  }
}

/** Sends the job and waits for its answer, the process's end, or the abort (which kills the process). */
function answerOf(child: ChildProcess, job: RenderJob, signal: AbortSignal): Promise<RenderAnswer> {
  return new Promise<RenderAnswer>((resolve, reject) => {
    const settle = (then: () => void) => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
      signal.removeEventListener('abort', onAbort);
      then();
    };
    const onMessage = (answer: RenderAnswer) => settle(() => resolve(answer));
    const onExit = (code: number | null, killedBy: NodeJS.Signals | null) =>
      settle(() => reject(new Error(`the render process ended (${killedBy ?? `exit code ${code}`})`)));
    const onError = (error: Error) => settle(() => reject(error));
    const onAbort = () => settle(() => reject(signal.reason));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.once('error', onError);
    signal.addEventListener('abort', onAbort, { once: true });
    child.send(job);
  });
}
