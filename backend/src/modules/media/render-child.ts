// A render process (see render-processes.ts): renders the jobs its parent sends, one at a time, and
// answers each with the picture or the reason it could not be made. It ends with its parent.
import { renderImage, type RenderJob } from './render-image';
import { configureSharp } from './sharp-settings';

/** What the parent gets back for each job. */
export type RenderAnswer = { data: Uint8Array } | { error: string };

configureSharp();

process.on('message', (job: RenderJob) => {
  const answer = (message: RenderAnswer) => process.send?.(message);
  renderImage(job).then(
    (data) => answer({ data }),
    (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
