// What a gallery video may be: WebM or MP4, the containers every current browser plays in <video>.
// Known by their first bytes, as pictures are (image-upload.ts): the name and MIME header prove nothing.

export type VideoFormat = 'webm' | 'mp4';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** WebM: an EBML header whose DocType is "webm" (Matroska's is "matroska"); MP4: an `ftyp` box first. */
export function sniffVideoFormat(buffer: Buffer): VideoFormat | null {
  if (buffer.subarray(0, 4).equals(EBML_MAGIC) && buffer.subarray(0, 64).includes('webm')) return 'webm';
  if (buffer.length >= 12 && buffer.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  return null;
}
