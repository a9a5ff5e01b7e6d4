import * as path from 'node:path';
import { AppError } from '../../common/errors/app-error';
import {
  acceptsExactly,
  assetFile,
  chooseFormat,
  hasParameters,
  type ImageTransform,
  parseTransform,
  renderKey,
} from './image-transform';

const parse = (query: string) => parseTransform(new URLSearchParams(query));

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('parseTransform', () => {
  it('takes a width alone: dpr 1, fit inside, the source format', () => {
    expect(parse('w=248')).toEqual({ width: 248, fit: 'inside', dpr: 1, autoFormat: false });
  });

  it('takes every parameter, with crop meaning a centred cover', () => {
    expect(parse('w=248&h=248&fit=crop&auto=format&dpr=2')).toEqual({ width: 248, height: 248, fit: 'cover', dpr: 2, autoFormat: true });
    expect(parse('w=1536&fit=contain').fit).toBe('contain');
    expect(parse('w=124&h=1536&fit=cover').fit).toBe('cover');
  });

  it.each([
    ['w=247', 'w', 'must be one of 124, 180, 248, 340, 360, 496, 680, 768, 1024, 1536'],
    ['w=248&h=99999', 'h', 'must be one of 124, 180, 248, 340, 360, 496, 680, 768, 1024, 1536'],
    ['w=0248', 'w', 'must be one of 124, 180, 248, 340, 360, 496, 680, 768, 1024, 1536'],
    ['w=248.0', 'w', 'must be one of 124, 180, 248, 340, 360, 496, 680, 768, 1024, 1536'],
    ['w=', 'w', 'must be one of 124, 180, 248, 340, 360, 496, 680, 768, 1024, 1536'],
    ['w=248&dpr=3', 'dpr', 'must be one of 1, 2'],
    ['w=248&dpr=1.5', 'dpr', 'must be one of 1, 2'],
    ['w=248&fit=bogus', 'fit', 'must be one of crop, cover, contain, inside'],
    ['w=248&auto=compress', 'auto', 'must be format'],
    ['w=248&q=90', 'q', 'is not a transform parameter; use w, h, fit, auto, dpr'],
    ['h=248', 'w', 'is required, one of 124, 180, 248, 340, 360, 496, 680, 768, 1024, 1536'],
    ['w=248&w=340', 'w', 'must be given once'],
  ])('refuses %s, naming %s and what it accepts', (query, field, message) => {
    const error = refusal(() => parse(query));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.statusCode).toBe(400);
    expect(error.details).toEqual([{ field, message }]);
    expect(error.message).toContain(`${field} ${message}`);
  });

  it('lists every bad parameter at once', () => {
    const error = refusal(() => parse('w=999&dpr=9&fit=x&v=1'));
    expect(error.details?.map((detail) => detail.field).sort()).toEqual(['dpr', 'fit', 'v', 'w']);
  });
});

describe('hasParameters', () => {
  it('is true only when the query names a parameter', () => {
    expect(hasParameters('/gallery/a.png')).toBe(false);
    expect(hasParameters('/gallery/a.png?')).toBe(false);
    expect(hasParameters('/gallery/a.png?w=248')).toBe(true);
    expect(hasParameters('/gallery/a.png?anything')).toBe(true);
  });
});

describe('chooseFormat', () => {
  const auto: ImageTransform = { width: 248, fit: 'inside', dpr: 1, autoFormat: true };
  const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

  it('prefers AVIF, then WebP, when auto=format and the browser lists them', () => {
    expect(chooseFormat(auto, 'png', chrome)).toBe('avif');
    expect(chooseFormat(auto, 'jpeg', 'image/webp,*/*')).toBe('webp');
  });

  it('keeps the source format for wildcards only, a refused type, or without auto=format', () => {
    expect(chooseFormat(auto, 'jpeg', '*/*')).toBe('jpeg');
    expect(chooseFormat(auto, 'png', 'image/*')).toBe('png');
    expect(chooseFormat(auto, 'png', undefined)).toBe('png');
    expect(chooseFormat(auto, 'png', 'image/avif;q=0, image/webp')).toBe('webp');
    expect(chooseFormat({ ...auto, autoFormat: false }, 'png', chrome)).toBe('png');
  });

  it('reads media types case-insensitively with spaces and parameters', () => {
    expect(acceptsExactly(' Image/AVIF ; q=0.9 ', 'image/avif')).toBe(true);
    expect(acceptsExactly('image/avifx', 'image/avif')).toBe(false);
  });
});

describe('assetFile', () => {
  const root = path.join(path.sep, 'data', 'media');

  it('maps a request path onto the media folder, decoding each segment', () => {
    expect(assetFile(root, '/gallery/a%20b.png')).toBe(path.join(root, 'gallery', 'a b.png'));
  });

  it.each(['/../pglite/x.png', '/gallery/../../x.png', '/%2e%2e/x.png', '/..%2fx.png', '/gallery%2f..%2f..%2fx.png', '/..%5cx.png', '/.env', '/gallery/%00.png', '/%E0%A4%A.png'])(
    'refuses %s',
    (requestPath) => {
      const error = refusal(() => assetFile(root, requestPath));
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details).toEqual([{ field: 'path', message: 'must name a file under /assets, without . or .. segments' }]);
    },
  );
});

describe('renderKey', () => {
  const transform: ImageTransform = { width: 248, height: 248, fit: 'cover', dpr: 2, autoFormat: true };
  const source = { size: 1000, mtimeMs: 1_700_000_000_000 };
  const key = renderKey('gallery/a.png', source, transform, 'avif');

  it('is stable for the same source, transform and format', () => {
    expect(renderKey('gallery/a.png', { ...source }, { ...transform }, 'avif')).toBe(key);
  });

  it('changes with the file, its size or mtime, any parameter, or the output format', () => {
    const others = [
      renderKey('gallery/b.png', source, transform, 'avif'),
      renderKey('gallery/a.png', { ...source, size: 1001 }, transform, 'avif'),
      renderKey('gallery/a.png', { ...source, mtimeMs: source.mtimeMs + 1 }, transform, 'avif'),
      renderKey('gallery/a.png', source, { ...transform, dpr: 1 }, 'avif'),
      renderKey('gallery/a.png', source, { ...transform, height: undefined }, 'avif'),
      renderKey('gallery/a.png', source, { ...transform, fit: 'inside' }, 'avif'),
      renderKey('gallery/a.png', source, transform, 'webp'),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });
});
