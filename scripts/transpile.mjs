#!/usr/bin/env node
// A package's build: every .ts file under src/ to CommonJS under dist/, the same path with .js, by
// SWC, which strips the types without checking them (seconds, where tsc took most of a minute on two
// cores). Type checking is the `typecheck` target, which `npm test` runs. The options are those the
// Jest suites already run the code with (backend/jest.config.js), decorator metadata included: Nest
// injects constructor parameters by their emitted types.
//
//   node ../scripts/transpile.mjs   (in contracts/, backend/ or cli/)
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { transformFile } from '@swc/core';

const packageDir = process.cwd();
const srcDir = join(packageDir, 'src');
const distDir = join(packageDir, 'dist');

/** @type {import('@swc/core').Options} */
const options = {
  swcrc: false,
  sourceMaps: true,
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
  },
  module: { type: 'commonjs' },
};

const sources = (await readdir(srcDir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/\.(spec|d)\.ts$/.test(entry.name))
  .map((entry) => join(entry.parentPath ?? entry.path, entry.name));

async function transpile(source) {
  const out = join(distDir, relative(srcDir, source)).replace(/\.ts$/, '.js');
  const { code, map } = await transformFile(source, {
    ...options,
    filename: source,
    sourceFileName: relative(dirname(out), source),
    outputPath: out,
  });
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${code}\n//# sourceMappingURL=${out.slice(dirname(out).length + 1)}.map\n`);
  if (map) await writeFile(`${out}.map`, map);
}

// SWC transforms on its own threads; a few files in flight keep them busy without opening hundreds.
const queue = [...sources];
const worker = async () => {
  for (let source = queue.shift(); source; source = queue.shift()) await transpile(source);
};
const started = performance.now();
await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) * 2 }, worker));
console.log(`${relative(join(packageDir, '..'), srcDir)}: ${sources.length} files to ${relative(packageDir, distDir)}/ in ${Math.round(performance.now() - started)} ms`);
