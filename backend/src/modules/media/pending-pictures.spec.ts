import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { PendingPictures, someFileMissing, type PendingPicture } from './pending-pictures';

/** A picture whose drawing waits until the test lets it finish, recording when it ran. */
class Drawing {
  readonly started: string[] = [];
  running = 0;
  mostAtOnce = 0;
  private readonly release = new Map<string, () => void>();

  picture(dir: string, name: string, options: { fails?: boolean; stored?: (data: Buffer[]) => Promise<void> } = {}): PendingPicture {
    return {
      files: [path.join(dir, `${name}.jpg`), path.join(dir, 'thumbs', `${name}.jpg`)],
      draw: async () => {
        this.started.push(name);
        this.running += 1;
        this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
        await new Promise<void>((resolve) => this.release.set(name, resolve));
        this.running -= 1;
        if (options.fails) throw new Error(`${name} broke`);
        return [Buffer.from(`${name} full`), Buffer.from(`${name} thumb`)];
      },
      stored: options.stored,
    };
  }

  /** Lets `name` finish once it has started. */
  async finish(name: string): Promise<void> {
    while (!this.release.has(name)) await new Promise((resolve) => setImmediate(resolve));
    this.release.get(name)!();
    this.release.delete(name);
  }
}

const turns = async (count = 5) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('PendingPictures', () => {
  let dir: string;
  let drawing: Drawing;
  let queue: PendingPictures;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pending-'));
    drawing = new Drawing();
    queue = new PendingPictures({ requested: 2, background: 1 });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('draws nothing until asked or allowed, and answers undefined for files it does not draw', async () => {
    queue.add([drawing.picture(dir, 'a')]);
    await turns();
    expect(drawing.started).toEqual([]);
    expect(queue.isEmpty).toBe(false);
    expect(queue.whenDrawn(path.join(dir, 'other.jpg'))).toBeUndefined();
  });

  it('draws an asked-for picture ahead of the background ones and resolves once both of its files are on disk', async () => {
    const batch = queue.add(['a', 'b', 'c'].map((name) => drawing.picture(dir, name)));
    batch.drawInBackground();
    await turns();
    expect(drawing.started).toEqual(['a']); // one at a time in the background

    const thumb = path.join(dir, 'thumbs', 'c.jpg');
    const drawn = queue.whenDrawn(thumb)!;
    await turns();
    expect(drawing.started).toEqual(['a', 'c']); // asked for: started beside the background one
    await drawing.finish('c');
    await drawn;
    expect(fs.readFileSync(thumb, 'utf8')).toBe('c thumb');
    expect(fs.readFileSync(path.join(dir, 'c.jpg'), 'utf8')).toBe('c full');
    expect(queue.whenDrawn(thumb)).toBeUndefined();

    await drawing.finish('a');
    await drawing.finish('b');
    expect(await batch.finished).toEqual({ drawn: 3, failed: 0 });
    expect(drawing.started).toEqual(['a', 'c', 'b']);
    expect(queue.isEmpty).toBe(true);
  });

  it('keeps the background to one drawing and requests to two', async () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    const batch = queue.add(names.map((name) => drawing.picture(dir, name)));
    const asked = names.map((name) => queue.whenDrawn(path.join(dir, `${name}.jpg`)));
    batch.drawInBackground();
    for (const name of names) await drawing.finish(name);
    await Promise.all(asked);
    expect(drawing.mostAtOnce).toBe(2);

    const background = queue.add(['f', 'g', 'h'].map((name) => drawing.picture(dir, name)));
    background.drawInBackground();
    for (const name of ['f', 'g', 'h']) await drawing.finish(name);
    await background.finished;
    expect(drawing.running).toBe(0);
  });

  it('draws a picture added twice once', async () => {
    const first = queue.add([drawing.picture(dir, 'a')]);
    const second = queue.add([drawing.picture(dir, 'a')]);
    second.drawInBackground();
    await drawing.finish('a');
    expect(await first.finished).toEqual({ drawn: 1, failed: 0 });
    expect(await second.finished).toEqual({ drawn: 1, failed: 0 });
    expect(drawing.started).toEqual(['a']);
  });

  it('records a drawn picture before its batch is done, and counts (and logs) a failed one without stopping the others', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const stored: string[] = [];
    const batch = queue.add([
      drawing.picture(dir, 'broken', { fails: true }),
      drawing.picture(dir, 'fine', { stored: async ([full]) => void stored.push(full.toString()) }),
    ]);
    const asked = queue.whenDrawn(path.join(dir, 'broken.jpg'))!;
    batch.drawInBackground();
    await drawing.finish('broken');
    await expect(asked).rejects.toThrow('broken broke');
    expect(queue.whenDrawn(path.join(dir, 'broken.jpg'))).toBeUndefined(); // a later request finds no file: 404
    await drawing.finish('fine');
    expect(await batch.finished).toEqual({ drawn: 1, failed: 1 });
    expect(stored).toEqual(['fine full']);
    expect(warn).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'broken broke' }) }, expect.stringMatching(/Could not draw .*broken\.jpg/));
    warn.mockRestore();
    expect(await someFileMissing([path.join(dir, 'broken.jpg')])).toBe(true);
    expect(await someFileMissing([path.join(dir, 'fine.jpg'), path.join(dir, 'thumbs', 'fine.jpg')])).toBe(false);
  });

  it('counts a picture whose record fails as failed, though its files are served', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const batch = queue.add([drawing.picture(dir, 'a', { stored: () => Promise.reject(new Error('database gone')) })]);
    const asked = queue.whenDrawn(path.join(dir, 'a.jpg'))!;
    await drawing.finish('a');
    await asked;
    expect(await batch.finished).toEqual({ drawn: 0, failed: 1 });
    expect(warn).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'database gone' }) }, expect.stringMatching(/could not record it/));
    warn.mockRestore();
  });

  it('withdraws a queued picture whose files are all going (never drawn, counted done), and draws one whose other file is still wanted', async () => {
    const [gone, kept] = [drawing.picture(dir, 'gone'), drawing.picture(dir, 'kept')];
    const batch = queue.add([gone, kept]);
    expect(queue.has(gone.files[1])).toBe(true);

    const removing = new Set([...gone.files, kept.files[1]].map((file) => path.resolve(file)));
    expect(await queue.withdraw(gone.files[0], removing)).toEqual(gone.files.map((file) => path.resolve(file)));
    expect(queue.has(gone.files[1])).toBe(false);
    // kept's picture is still wanted (its other file is not going): drawn first, and nothing withdrawn.
    const keptWithdrawal = queue.withdraw(kept.files[1], removing);
    await drawing.finish('kept');
    expect(await keptWithdrawal).toEqual([]);
    expect(queue.withdraw(kept.files[1], removing)).toBeUndefined();

    batch.drawInBackground();
    expect(await batch.finished).toEqual({ drawn: 2, failed: 0 });
    expect(drawing.started).toEqual(['kept']);
    expect(fs.existsSync(gone.files[0])).toBe(false);
  });

  it('stops: waits for the drawing under way and drops the rest, which fail', async () => {
    const batch = queue.add(['a', 'b'].map((name) => drawing.picture(dir, name)));
    batch.drawInBackground();
    await turns();
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await turns();
    expect(stopped).toBe(false);
    await drawing.finish('a');
    await stopping;
    expect(drawing.started).toEqual(['a']);
    expect(await batch.finished).toEqual({ drawn: 1, failed: 1 });
    expect(queue.isEmpty).toBe(true);
  });
});
