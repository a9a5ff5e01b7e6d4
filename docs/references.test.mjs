import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

// Comments, tests and the README cite docs/ by file and section: a renamed heading or a removed
// record must fail here, not leave a reader at a dead end. Documents outside the repository (the
// design notes and product specification the code was first written from) must not be cited at all:
// their content lives in docs/requirements and docs/decisions. This is its own small project (docs/),
// whose test target's Nx inputs are the whole repository, so no other suite re-runs when a file changes.
const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const SELF = path.relative(REPO_ROOT, import.meta.filename).split(path.sep).join('/');

const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|ya?ml|sh)$|(^|\/)(Dockerfile|Caddyfile|\.env\.example|\.ci\/run)$/;
const SKIPPED = /(^|\/)package-lock\.json$/;

/** Words that cite a document kept outside the repository. */
const OUTSIDE_DOCUMENTS = [
  [/\bDESIGN\b/, 'the design notes'],
  [/\bthe spec\b/i, 'the product specification'],
  [/\bspec (section|§)/i, 'the product specification'],
  [/\bsite-spec\b/, 'the product specification'],
  [/\bSTYLE\.md\b/, 'the style notes'],
  [/\/work\/shared\b/, 'a folder outside the repository'],
];

const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*?\.md(?:#[\w-]*)?/g;
const MARKDOWN_LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const FENCE = /^\s*(```|~~~)/;

/** @typedef {{ file: string, text: string }} SourceFile  file: repo-relative, with forward slashes */

/** Each line with its number, leaving out fenced code blocks of Markdown files. */
function linesOf({ file, text }) {
  const lines = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (file.endsWith('.md') && FENCE.test(line)) fenced = !fenced;
    else if (!fenced) lines.push([index + 1, line]);
  });
  return lines;
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as '-'. */
export function slugOf(heading) {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file's headings give, with GitHub's -1, -2 for repeats. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const [, line] of linesOf(markdown)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = slugOf(heading[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * What is wrong with the references of `files`, as `file:line: …`. `read` answers a repo-relative
 * path's text, or undefined when nothing is there (a folder reads as '').
 */
export function referenceProblems(files, read) {
  const problems = new Set();
  const anchorCache = new Map();
  const anchors = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf({ file, text: read(file) ?? '' }));
    return anchorCache.get(file);
  };
  const check = (at, target, anchor) => {
    if (read(target) === undefined) problems.add(`${at}: ${target} does not exist`);
    else if (anchor && target.endsWith('.md') && !anchors(target).has(anchor)) problems.add(`${at}: ${target} has no heading #${anchor}`);
  };

  for (const source of files) {
    const markdownLinks = source.file.endsWith('.md') && (source.file.startsWith('docs/') || source.file === 'README.md');
    for (const [number, line] of linesOf(source)) {
      const at = `${source.file}:${number}`;
      for (const [word, what] of OUTSIDE_DOCUMENTS) {
        const found = word.exec(line);
        if (found) problems.add(`${at}: "${found[0]}" cites ${what}, which is not in the repository: cite docs/ instead`);
      }
      for (const [reference] of line.matchAll(DOCS_PATH)) {
        const [target, anchor] = reference.split('#');
        check(at, target, anchor);
      }
      if (!markdownLinks) continue;
      for (const [, link] of line.matchAll(MARKDOWN_LINK)) {
        if (/^[a-z][a-z\d+.-]*:/i.test(link)) continue; // https:, mailto:
        const [target, anchor] = link.split('#');
        const resolved = target === '' ? source.file : path.posix.normalize(path.posix.join(path.posix.dirname(source.file), target));
        check(at, resolved, anchor);
      }
    }
  }
  return [...problems];
}

function readFromRepo(file) {
  const full = path.join(REPO_ROOT, file);
  if (!fs.existsSync(full)) return undefined;
  return fs.statSync(full).isDirectory() ? '' : fs.readFileSync(full, 'utf8');
}

/** Every tracked (or new, not ignored) text file of the repository but this one, whose examples are wrong on purpose. */
function repositoryFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return [...new Set(listed.split('\0'))]
    .filter((file) => file !== SELF && TEXT_FILE.test(file) && !SKIPPED.test(file) && fs.existsSync(path.join(REPO_ROOT, file)))
    .map((file) => ({ file, text: fs.readFileSync(path.join(REPO_ROOT, file), 'utf8') }));
}

describe('references to documents', () => {
  it('name files and headings that exist, and no document outside the repository', () => {
    const files = repositoryFiles();
    const names = new Set(files.map(({ file }) => file));
    for (const expected of ['README.md', 'docs/architecture.md', 'backend/src/app.ts', 'frontend/src/app/router.tsx']) assert.ok(names.has(expected), `${expected} is scanned`);
    assert.deepEqual(referenceProblems(files, readFromRepo), []);
  });

  it('reports a missing file, a missing heading, a broken relative link and a citation of an outside document, by line', () => {
    const docs = {
      'docs/a.md': '# Title\n\n## Rate limits\n\n## Rate limits\n\n```\n## Not a heading\n```\n',
      'docs/sub/b.md': '# B\n[ok](../a.md#rate-limits-1) [gone](../nope.md) [bad](../a.md#not-a-heading) [self](#b) [web](https://example.com)\n',
      'x.ts': "// docs/a.md#rate-limits and docs/a.md#title\n// see docs/missing.md\n// DESIGN section 6, as the spec's client does\n",
    };
    const files = Object.entries(docs).map(([file, text]) => ({ file, text }));
    assert.deepEqual(referenceProblems(files, (file) => docs[file]), [
      'docs/sub/b.md:2: docs/nope.md does not exist',
      'docs/sub/b.md:2: docs/a.md has no heading #not-a-heading',
      'x.ts:2: docs/missing.md does not exist',
      'x.ts:3: "DESIGN" cites the design notes, which is not in the repository: cite docs/ instead',
      'x.ts:3: "the spec" cites the product specification, which is not in the repository: cite docs/ instead',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    assert.equal(slugOf('0003. Fastify under NestJS'), '0003-fastify-under-nestjs');
    assert.equal(slugOf('The `atelier` CLI: [docs](x.md)'), 'the-atelier-cli-docs');
    assert.equal(slugOf('Scale-out with PostgreSQL and Redis'), 'scale-out-with-postgresql-and-redis');
  });
});
