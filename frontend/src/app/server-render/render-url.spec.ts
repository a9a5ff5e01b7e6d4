import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_QUERY_PARAMETERS, renderedUrl } from './render-url';

describe('renderedUrl', () => {
  it('keeps only the parameters pages read, sorted, and drops the rest', () => {
    expect(renderedUrl('http://localhost/?x=1&utm_source=mail').href).toBe('http://localhost/');
    expect(renderedUrl('http://localhost/life?z=9&dna=AB-12&a=1').href).toBe('http://localhost/life?dna=AB-12');
  });

  it('names every query parameter the frontend reads (a page reading another would be rendered without it)', () => {
    const src = path.resolve(__dirname, '../..');
    const read = new Set<string>();
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.(spec|test)\.tsx?$/.test(entry.name)) {
          for (const [, name] of readFileSync(file, 'utf8').matchAll(/searchParams\.(?:get|getAll|has)\(\s*['"]([^'"]+)['"]/gi)) read.add(name!);
        }
      }
    };
    visit(src);
    expect(read.size).toBeGreaterThan(0);
    expect([...read].sort()).toEqual([...PAGE_QUERY_PARAMETERS].sort());
  });
});
