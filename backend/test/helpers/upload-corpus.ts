import { randomBytes } from 'node:crypto';
import { crc32, createDeflate, deflateSync } from 'node:zlib';
import type { ErrorCode } from '@atelier/contracts';
import sharp, { type Sharp } from 'sharp';

// Hostile and odd uploads, generated at test time (no binary fixtures): polyglots, bytes that are not
// what the name or MIME type claims, huge declared dimensions, decompression bombs and client file
// names that try to be paths. Every case says what the API must answer.

export type UploadCaseGroup = 'control' | 'polyglot' | 'wrong bytes' | 'huge dimensions' | 'bomb' | 'file name';

export type UploadExpectation =
  | { outcome: 'accepted'; format: 'png' | 'jpeg' }
  | {
      outcome: 'refused';
      status: 400 | 413 | 415;
      code: ErrorCode;
      message: RegExp;
      /** The field the error's details name; null when the form could not be read far enough to tell. */
      detailsField?: 'picture' | null;
    };

export interface UploadCase {
  name: string;
  group: UploadCaseGroup;
  /** Fresh bytes per call (a new colour for real pictures: the gallery refuses a picture it already has). */
  bytes(): Buffer | Promise<Buffer>;
  /** Sent verbatim in the part's Content-Disposition (see multipartBody). */
  fileName: string;
  contentType: string;
  expected: UploadExpectation;
  /** Bytes smuggled in beside the picture: they must not reach the stored file. */
  payload?: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_END_OF_IMAGE = Buffer.from([0xff, 0xd9]);

export const PNG_IEND = pngChunk('IEND', Buffer.alloc(0));

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

function pngHeaderChunk(width: number, height: number, bitDepth = 8, colourType = 2, interlaced = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  header[12] = interlaced ? 1 : 0;
  return pngChunk('IHDR', header);
}

const randomColour = () => {
  const [r, g, b] = randomBytes(3);
  return { r, g, b };
};

/** A real one-colour picture, a different colour per call, so no two cases share bytes. */
export function solidPng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: randomColour() } }).png().toBuffer();
}

export function solidJpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: randomColour() } }).jpeg().toBuffer();
}

/** Random pixels: the compressed data fills most of the file, so cutting it in half cuts pixels. */
function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

/** A tiny PNG whose header claims `width` x `height`; its pixel data is a few bytes. */
export function pngDeclaring(width: number, height: number): Buffer {
  return Buffer.concat([PNG_SIGNATURE, pngHeaderChunk(width, height), pngChunk('IDAT', deflateSync(Buffer.alloc(64))), PNG_IEND]);
}

/** Adam7's seven passes: first column, first row, column step, row step. */
const ADAM7_PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Colour type (PNG header) and its number of channels. */
const PNG_COLOUR = { grey: [0, 1], rgb: [2, 3], rgba: [6, 4] } as const;

interface PngBombShape {
  side: number;
  bitDepth: 1 | 8 | 16;
  colour: keyof typeof PNG_COLOUR;
  interlaced: boolean;
}

/** Bytes of the unfiltered rows (a filter byte + the packed samples each) of every pass. */
function rowBytes({ side, bitDepth, colour, interlaced }: PngBombShape): number {
  const bitsPerPixel = bitDepth * PNG_COLOUR[colour][1];
  const passes = interlaced ? ADAM7_PASSES : ([[0, 0, 1, 1]] as const);
  let total = 0;
  for (const [firstColumn, firstRow, columnStep, rowStep] of passes) {
    const width = Math.ceil((side - firstColumn) / columnStep);
    const height = Math.ceil((side - firstRow) / rowStep);
    if (width > 0 && height > 0) total += height * (1 + Math.ceil((width * bitsPerPixel) / 8));
  }
  return total;
}

/** Compresses `length` zero bytes a chunk at a time: the input of a bomb never sits in memory whole. */
function deflateZeros(length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflate({ level: 9 });
    const output: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => output.push(chunk));
    deflate.on('end', () => resolve(Buffer.concat(output)));
    deflate.on('error', reject);
    const zeros = Buffer.alloc(1024 * 1024);
    let left = length;
    const writeMore = () => {
      while (left > 0) {
        const piece = zeros.subarray(0, Math.min(left, zeros.length));
        left -= piece.length;
        if (!deflate.write(piece)) return void deflate.once('drain', writeMore);
      }
      deflate.end();
    };
    writeMore();
  });
}

/**
 * A true decompression bomb: a valid one-colour (all zero) PNG whose rows compress about a thousand
 * to one, so 400 megapixels fit in some 50 KB. An interlaced one cannot be decoded row by row: a
 * decoder must hold every pixel at once.
 */
export async function oneColourPngBomb(shape: PngBombShape): Promise<Buffer> {
  const { side, bitDepth, colour, interlaced } = shape;
  const pixels = await deflateZeros(rowBytes(shape));
  return Buffer.concat([PNG_SIGNATURE, pngHeaderChunk(side, side, bitDepth, PNG_COLOUR[colour][0], interlaced), pngChunk('IDAT', pixels), PNG_IEND]);
}

const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Offset of the JPEG's start-of-frame segment (its marker), found by walking the segments. */
function startOfFrameOffset(jpeg: Buffer): number {
  let offset = 2; // after SOI
  while (offset + 4 <= jpeg.length) {
    if (jpeg[offset] !== 0xff) throw new Error(`not a JPEG segment at ${offset}`);
    const marker = jpeg[offset + 1];
    if (START_OF_FRAME.has(marker)) return offset;
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  throw new Error('no start-of-frame segment');
}

/** A real small JPEG whose start-of-frame segment is rewritten to claim `width` x `height`. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await solidJpeg(16, 16));
  const frame = startOfFrameOffset(jpeg);
  // marker (2), length (2), precision (1), then height and width
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}

/** Inserts a comment segment (COM) right after the JPEG's start-of-image marker. */
function jpegWithComment(jpeg: Buffer, comment: Buffer): Buffer {
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, comment, jpeg.subarray(2)]);
}

/** Inserts a tEXt chunk right after the PNG's header chunk (signature 8 + IHDR 25 bytes). */
function pngWithText(png: Buffer, keyword: string, text: Buffer): Buffer {
  const afterHeader = PNG_SIGNATURE.length + 25;
  const chunk = pngChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), text]));
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/** A real ZIP archive with one stored (uncompressed) file, as appended to "GIFAR"-style polyglots. */
export function zipArchive(entryName: string, content: Buffer): Buffer {
  const name = Buffer.from(entryName, 'utf8');
  const checksum = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4); // version needed
  local.writeUInt32LE(checksum, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // version made by
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(checksum, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const localPart = Buffer.concat([local, name, content]);
  const centralPart = Buffer.concat([central, name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

/** The first bytes of a 64-bit Linux executable. */
function elfExecutable(): Buffer {
  const header = Buffer.alloc(64);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]).copy(header);
  header.writeUInt16LE(2, 16); // ET_EXEC
  header.writeUInt16LE(0x3e, 18); // x86-64
  return Buffer.concat([header, randomBytes(512)]);
}

const HTML_PAYLOAD = Buffer.from('<html><body><script>fetch("/api/users?steal="+document.cookie)</script></body></html>');
const PHP_PAYLOAD = Buffer.from('<?php system($_GET["cmd"]); ?>');
const ZIP_PAYLOAD_TEXT = Buffer.from('zip-entry-payload: <?php passthru($_REQUEST["x"]); ?>');

const accepted = (format: 'png' | 'jpeg'): UploadExpectation => ({ outcome: 'accepted', format });
const notJpegOrPng: UploadExpectation = { outcome: 'refused', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: /must be a JPEG or PNG image/ };
const unreadable: UploadExpectation = { outcome: 'refused', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: /could not be read as an image/ };
const tooManyPixels: UploadExpectation = { outcome: 'refused', status: 413, code: 'PAYLOAD_TOO_LARGE', message: /pixels; at most 40 megapixels are accepted/ };
const tooManyBytes: UploadExpectation = { outcome: 'refused', status: 413, code: 'PAYLOAD_TOO_LARGE', message: /MiB once decoded; at most 128 MiB/ };
const badFileName: UploadExpectation = { outcome: 'refused', status: 400, code: 'VALIDATION_FAILED', message: /picture file name must/ };
/** Refused by the form parser itself: the part's header breaks the multipart syntax. */
const malformedPartHeader: UploadExpectation = {
  outcome: 'refused',
  status: 400,
  code: 'VALIDATION_FAILED',
  message: /malformed: a part header could not be read/,
  detailsField: null,
};

// Built once and shared: a refused picture is stored nowhere, so every endpoint can get the same bytes.
const once = <T>(build: () => Promise<T>) => {
  let built: Promise<T> | undefined;
  return () => (built ??= build());
};
const pngBomb = once(() => oneColourPngBomb({ side: 20_000, bitDepth: 1, colour: 'grey', interlaced: false }));
const interlacedPngBomb = once(() => oneColourPngBomb({ side: 20_000, bitDepth: 1, colour: 'grey', interlaced: true }));
// Under the pixel limit, but 16-bit RGBA and interlaced: decoding holds 275 MiB at once.
const deepInterlacedPngBomb = once(() => oneColourPngBomb({ side: 6_000, bitDepth: 16, colour: 'rgba', interlaced: true }));
const jpegBomb = once(() => sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#4080c0' } }).jpeg({ quality: 50 }).toBuffer());

/** The first half of a real picture of random pixels: its pixel data stops in the middle. */
async function truncated(encode: (image: Sharp) => Sharp): Promise<Buffer> {
  const whole = await encode(noise(256, 256)).toBuffer();
  return whole.subarray(0, whole.length >> 1);
}

const png = 'image/png';
const jpeg = 'image/jpeg';

export const UPLOAD_CORPUS: readonly UploadCase[] = [
  // Controls: without these passing, every refusal below could be a broken endpoint.
  { group: 'control', name: 'a normal PNG', bytes: () => solidPng(), fileName: 'holiday.png', contentType: png, expected: accepted('png') },
  { group: 'control', name: 'a normal JPEG', bytes: () => solidJpeg(), fileName: 'camera.jpg', contentType: jpeg, expected: accepted('jpeg') },
  {
    group: 'control',
    name: 'a 6000 x 6000 one-colour PNG, just under the pixel limit',
    bytes: () => sharp({ create: { width: 6000, height: 6000, channels: 3, background: randomColour() } }).png().toBuffer(),
    fileName: 'poster.png',
    contentType: png,
    expected: accepted('png'),
  },

  // Polyglots. Decision: a valid JPEG or PNG with something after its end marker (or in a text
  // segment) is accepted, because re-encoding keeps only the decoded pixels; phones append data
  // after the JPEG end marker too (motion photos), so refusing trailing data would refuse them.
  // The tests prove the payload never reaches the stored file. Anything that is not a JPEG or
  // PNG from its first byte is refused.
  {
    group: 'polyglot',
    name: 'a JPEG with an HTML/JS page after its end-of-image marker',
    bytes: async () => Buffer.concat([await solidJpeg(), HTML_PAYLOAD]),
    fileName: 'selfie.jpg',
    contentType: jpeg,
    expected: accepted('jpeg'),
    payload: HTML_PAYLOAD,
  },
  {
    group: 'polyglot',
    name: 'a JPEG with a ZIP archive appended',
    bytes: async () => Buffer.concat([await solidJpeg(), zipArchive('shell.php', ZIP_PAYLOAD_TEXT)]),
    fileName: 'archive.jpg',
    contentType: jpeg,
    expected: accepted('jpeg'),
    payload: ZIP_PAYLOAD_TEXT,
  },
  {
    group: 'polyglot',
    name: 'a JPEG with an HTML page in a comment segment',
    bytes: async () => jpegWithComment(await solidJpeg(), HTML_PAYLOAD),
    fileName: 'commented.jpg',
    contentType: jpeg,
    expected: accepted('jpeg'),
    payload: HTML_PAYLOAD,
  },
  {
    group: 'polyglot',
    name: 'a PNG with a ZIP archive after IEND',
    bytes: async () => Buffer.concat([await solidPng(), zipArchive('shell.php', ZIP_PAYLOAD_TEXT)]),
    fileName: 'archive.png',
    contentType: png,
    expected: accepted('png'),
    payload: ZIP_PAYLOAD_TEXT,
  },
  {
    group: 'polyglot',
    name: 'a PNG with a PHP script after IEND',
    bytes: async () => Buffer.concat([await solidPng(), PHP_PAYLOAD]),
    fileName: 'avatar.png',
    contentType: png,
    expected: accepted('png'),
    payload: PHP_PAYLOAD,
  },
  {
    group: 'polyglot',
    name: 'a PNG with a PHP script in a tEXt chunk',
    bytes: async () => pngWithText(await solidPng(), 'Comment', PHP_PAYLOAD),
    fileName: 'annotated.png',
    contentType: png,
    expected: accepted('png'),
    payload: PHP_PAYLOAD,
  },
  {
    group: 'polyglot',
    name: 'a GIF/HTML polyglot (GIF89a header, then a script)',
    bytes: () => Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from('<script>alert(document.domain)</script>;')]),
    fileName: 'funny.gif',
    contentType: 'image/gif',
    expected: notJpegOrPng,
  },
  {
    group: 'polyglot',
    name: 'an SVG with a script, named .png',
    bytes: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>'),
    fileName: 'vector.png',
    contentType: png,
    expected: notJpegOrPng,
  },
  { group: 'polyglot', name: 'an HTML page sent as image/jpeg', bytes: () => HTML_PAYLOAD, fileName: 'page.jpg', contentType: jpeg, expected: notJpegOrPng },

  // What the name and the MIME type claim proves nothing: the bytes decide.
  { group: 'wrong bytes', name: 'an ELF executable named .jpg, sent as image/jpeg', bytes: () => elfExecutable(), fileName: 'photo.jpg', contentType: jpeg, expected: notJpegOrPng },
  {
    group: 'wrong bytes',
    name: 'a PDF named .jpg, sent as image/jpeg',
    bytes: () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    fileName: 'scan.jpg',
    contentType: jpeg,
    expected: notJpegOrPng,
  },
  { group: 'wrong bytes', name: 'plain text sent as image/png', bytes: () => Buffer.from('just some words, not a picture\n'), fileName: 'notes.png', contentType: png, expected: notJpegOrPng },
  { group: 'wrong bytes', name: 'a WebP named .png', bytes: () => noise(32, 32).webp().toBuffer(), fileName: 'modern.png', contentType: png, expected: notJpegOrPng },
  { group: 'wrong bytes', name: 'a TIFF named .jpg', bytes: () => noise(32, 32).tiff().toBuffer(), fileName: 'print.jpg', contentType: jpeg, expected: notJpegOrPng },
  {
    group: 'wrong bytes',
    name: 'a PNG signature followed by garbage chunks',
    bytes: () => Buffer.concat([PNG_SIGNATURE, pngHeaderChunk(64, 64), pngChunk('IDAT', randomBytes(2048)), PNG_IEND]),
    fileName: 'garbage.png',
    contentType: png,
    expected: unreadable,
  },
  {
    group: 'wrong bytes',
    name: 'a PNG whose header chunk has a wrong checksum',
    bytes: () => {
      const bad = Buffer.from(pngDeclaring(64, 64));
      bad.writeUInt32BE((bad.readUInt32BE(29) ^ 0xffffffff) >>> 0, 29); // IHDR's CRC
      return bad;
    },
    fileName: 'crc.png',
    contentType: png,
    expected: unreadable,
  },
  { group: 'wrong bytes', name: 'a PNG declaring 0 x 0 pixels', bytes: () => pngDeclaring(0, 0), fileName: 'nothing.png', contentType: png, expected: unreadable },
  { group: 'wrong bytes', name: 'a PNG truncated in the middle of its pixels', bytes: () => truncated((image) => image.png()), fileName: 'half.png', contentType: png, expected: unreadable },
  { group: 'wrong bytes', name: 'a JPEG truncated in the middle of its scan', bytes: () => truncated((image) => image.jpeg()), fileName: 'half.jpg', contentType: jpeg, expected: unreadable },
  { group: 'wrong bytes', name: 'a JPEG start-of-image marker and nothing else', bytes: () => Buffer.from([0xff, 0xd8, 0xff]), fileName: 'stub.jpg', contentType: jpeg, expected: unreadable },
  {
    group: 'wrong bytes',
    name: 'an empty file',
    bytes: () => Buffer.alloc(0),
    fileName: 'empty.png',
    contentType: png,
    expected: { outcome: 'refused', status: 400, code: 'VALIDATION_FAILED', message: /empty/ },
  },
  { group: 'wrong bytes', name: 'a PNG named .jpg, sent as image/jpeg', bytes: () => solidPng(), fileName: 'photo.jpg', contentType: jpeg, expected: accepted('png') },
  { group: 'wrong bytes', name: 'a JPEG named .png, sent as image/png', bytes: () => solidJpeg(), fileName: 'photo.png', contentType: png, expected: accepted('jpeg') },
  { group: 'wrong bytes', name: 'a PNG sent as text/html', bytes: () => solidPng(), fileName: 'page.html', contentType: 'text/html', expected: accepted('png') },
  { group: 'wrong bytes', name: 'a PNG named shell.php', bytes: () => solidPng(), fileName: 'shell.php', contentType: 'application/x-php', expected: accepted('png') },

  // A few bytes can claim billions of pixels; the header alone must be enough to refuse them.
  { group: 'huge dimensions', name: 'a PNG header declaring 100000 x 100000', bytes: () => pngDeclaring(100_000, 100_000), fileName: 'huge.png', contentType: png, expected: tooManyPixels },
  { group: 'huge dimensions', name: 'a JPEG start-of-frame declaring 65500 x 65500', bytes: () => jpegDeclaring(65_500, 65_500), fileName: 'huge.jpg', contentType: jpeg, expected: tooManyPixels },

  // Real pictures that decode to far more pixels than their size suggests.
  { group: 'bomb', name: 'a 20000 x 20000 one-colour PNG (48 KB)', bytes: pngBomb, fileName: 'bomb.png', contentType: png, expected: tooManyPixels },
  {
    group: 'bomb',
    name: 'a 20000 x 20000 one-colour interlaced PNG (48 KB)',
    bytes: interlacedPngBomb,
    fileName: 'interlaced-bomb.png',
    contentType: png,
    expected: tooManyPixels,
  },
  {
    group: 'bomb',
    name: 'a 6000 x 6000 one-colour 16-bit RGBA interlaced PNG (about 270 KB), under the pixel limit',
    bytes: deepInterlacedPngBomb,
    fileName: 'deep-bomb.png',
    contentType: png,
    expected: tooManyBytes,
  },
  { group: 'bomb', name: 'an 8000 x 8000 one-colour JPEG (about 370 KB)', bytes: jpegBomb, fileName: 'bomb.jpg', contentType: jpeg, expected: tooManyPixels },

  // Client names are never used as paths. Names no browser sends (paths, control characters,
  // longer than any file system allows) are refused; any other name is ignored.
  { group: 'file name', name: 'a parent-relative Unix path', bytes: () => solidPng(), fileName: '../../etc/passwd.png', contentType: png, expected: badFileName },
  { group: 'file name', name: 'a parent-relative Windows path', bytes: () => solidJpeg(), fileName: '..\\..\\win.ini.jpg', contentType: jpeg, expected: badFileName },
  { group: 'file name', name: 'an absolute Unix path', bytes: () => solidPng(), fileName: '/etc/cron.d/evil.png', contentType: png, expected: badFileName },
  { group: 'file name', name: 'an absolute Windows path', bytes: () => solidJpeg(), fileName: 'C:\\Windows\\win.ini.jpg', contentType: jpeg, expected: badFileName },
  { group: 'file name', name: 'a name with a NUL byte', bytes: () => solidPng(), fileName: 'photo.php\u0000.png', contentType: png, expected: malformedPartHeader },
  { group: 'file name', name: 'a name with terminal escape codes', bytes: () => solidPng(), fileName: 'photo\u001b[31m.png', contentType: png, expected: malformedPartHeader },
  { group: 'file name', name: 'a name with a tab', bytes: () => solidPng(), fileName: 'photo\tname.png', contentType: png, expected: badFileName },
  { group: 'file name', name: 'a name with CR LF (escaped as browsers do)', bytes: () => solidPng(), fileName: 'photo%0D%0AX-Injected: 1.png', contentType: png, expected: badFileName },
  {
    group: 'file name',
    name: 'a raw CR LF in the name, injecting a part header',
    bytes: () => solidPng(),
    fileName: 'photo\r\nContent-Type: text/html\r\n.png',
    contentType: png,
    expected: malformedPartHeader,
  },
  { group: 'file name', name: 'a 5000-character name', bytes: () => solidPng(), fileName: `${'a'.repeat(4996)}.png`, contentType: png, expected: badFileName },
  { group: 'file name', name: 'a path with bytes that are not a picture', bytes: () => HTML_PAYLOAD, fileName: '../../var/www/index.html', contentType: 'text/html', expected: badFileName },
  { group: 'file name', name: 'a name in Cyrillic, Chinese and emoji', bytes: () => solidPng(), fileName: 'фото 写真 🎨.png', contentType: png, expected: accepted('png') },
  { group: 'file name', name: 'a name with a right-to-left override (shows as "…exe.png")', bytes: () => solidPng(), fileName: 'invoice\u202egnp.exe', contentType: png, expected: accepted('png') },
  { group: 'file name', name: 'a name without an extension', bytes: () => solidJpeg(), fileName: 'picture', contentType: jpeg, expected: accepted('jpeg') },
  { group: 'file name', name: 'a dot-file name', bytes: () => solidPng(), fileName: '.htaccess', contentType: png, expected: accepted('png') },
  { group: 'file name', name: 'a 200-character Chinese name (600 bytes of UTF-8)', bytes: () => solidPng(), fileName: `${'画'.repeat(196)}.png`, contentType: png, expected: accepted('png') },
  { group: 'file name', name: 'a 255-character name', bytes: () => solidPng(), fileName: `${'b'.repeat(251)}.png`, contentType: png, expected: accepted('png') },
  { group: 'file name', name: 'a name without an extension, with executable bytes', bytes: () => elfExecutable(), fileName: 'run-me', contentType: 'application/octet-stream', expected: notJpegOrPng },
];

/** Whether the stored bytes end exactly at the format's end marker (nothing was carried over after it). */
export function endsAtImageEnd(bytes: Buffer, format: 'png' | 'jpeg'): boolean {
  const end = format === 'png' ? PNG_IEND : JPEG_END_OF_IMAGE;
  return bytes.subarray(bytes.length - end.length).equals(end);
}

export interface MultipartFile {
  field: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * A multipart/form-data body written by hand, so the file name reaches the server byte for byte
 * (UTF-8, like browsers; form-data would rewrite or refuse some of the corpus's names).
 */
export function multipartBody(fields: Record<string, string>, file: MultipartFile): { contentType: string; body: Buffer } {
  const boundary = `----atelier-corpus-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      'utf8',
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}
