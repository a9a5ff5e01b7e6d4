#!/usr/bin/env node
// `npm run pack -w cli`: a tarball of the atelier CLI that installs anywhere with
// `npm install -g atelier-cli-<version>.tgz`, offline. `npm pack` of the workspace itself would not
// do: its dependencies live in the repository's node_modules (the workspace package
// @atelier/contracts among them, which no registry has), and npm bundles only dependencies found
// in the package's own node_modules. So the CLI and everything it imports are bundled into one
// file by esbuild; the tarball has no dependencies left to fetch, and carries their licences.
// Usage: node scripts/pack.mjs [directory for the tarball, default cli/dist]
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(cli, '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const cliPackage = readJson(join(cli, 'package.json'));
const rootPackage = readJson(join(root, 'package.json'));
const nodeMajor = /\d+/.exec(rootPackage.engines?.node ?? '20')[0];

const staging = mkdtempSync(join(tmpdir(), 'atelier-cli-pack-'));
try {
  const { metafile } = await build({
    entryPoints: [join(cli, 'src/index.ts')],
    outfile: join(staging, 'dist/index.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${nodeMajor}`,
    // The shared package's sources (its entry and subpaths), so packing needs no build of it first.
    alias: { '@atelier/contracts': join(root, 'contracts/src') },
    tsconfig: join(cli, 'tsconfig.build.json'),
    metafile: true,
    absWorkingDir: root, // metafile inputs are then relative to the repository
    logLevel: 'warning',
  });
  mkdirSync(join(staging, 'bin'));
  copyFileSync(join(cli, 'bin/atelier.mjs'), join(staging, 'bin/atelier.mjs'));
  writeFileSync(join(staging, 'THIRD_PARTY_LICENSES.txt'), thirdPartyLicences(Object.keys(metafile.inputs)));
  writeFileSync(
    join(staging, 'package.json'),
    `${JSON.stringify(
      {
        name: cliPackage.name,
        version: cliPackage.version,
        description: cliPackage.description,
        license: rootPackage.license,
        bin: cliPackage.bin,
        engines: rootPackage.engines,
      },
      null,
      2,
    )}\n`,
  );
  const out = process.argv[2] ? resolve(process.argv[2]) : join(cli, 'dist');
  mkdirSync(out, { recursive: true });
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: staging, encoding: 'utf8' }));
  // npm runs scripts in the workspace; INIT_CWD is where the owner typed the command.
  const tarball = relative(process.env.INIT_CWD ?? process.cwd(), join(out, packed.filename));
  console.log(`Packed ${tarball} (${packed.entryCount} files, ${Math.round(packed.size / 1024)} kB, no dependencies to fetch)`);
  console.log(`Install it with: npm install -g ${tarball}`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}

/** Name, version, licence and licence text of every package the bundle took code from. */
function thirdPartyLicences(inputs) {
  const packageDirs = new Set();
  for (const input of inputs) {
    const parts = input.split(/[\\/]/);
    const at = parts.lastIndexOf('node_modules');
    if (at < 0) continue;
    const depth = parts[at + 1].startsWith('@') ? 2 : 1;
    packageDirs.add(join(root, ...parts.slice(0, at + 1 + depth)));
  }
  const sections = [...packageDirs].sort().map((dir) => {
    const { name, version, license } = readJson(join(dir, 'package.json'));
    const file = readdirSync(dir).find((entry) => /^(licen[cs]e|copying)(\.|$)/i.test(entry));
    const text = file ? readFileSync(join(dir, file), 'utf8').trim() : `(no licence file; package.json says ${license})`;
    return `${name}@${version} (${license})\n\n${text}\n`;
  });
  const divider = `\n${'-'.repeat(72)}\n\n`;
  return `The atelier CLI bundles code from these packages:\n\n${sections.join(divider)}`;
}
