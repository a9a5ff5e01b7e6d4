// After the load: every line the API processes wrote (at info, one per API request at least), held
// to what no log may carry: a password hash, a member's email, password or session token, a post's
// or comment's text.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { check } from './load-audit.mjs';

/** Any password hash in modular crypt or PHC form: bcrypt's $2a$/$2b$/$2y$ and argon2's, whoever's it is. */
const HASH_PATTERN = /\$2[aby]\$|\$argon2/;
/** Shorter texts could turn up in a log by chance, and a hit would mean nothing. */
const MIN_TEXT_LENGTH = 12;

const unique = (values) => [...new Set(values.filter(Boolean))];

/**
 * What no log line may carry, by kind: every member's email and password hash (read from the
 * database, so the seeded members' too), the run's members' password and session tokens, and the
 * text of every post and comment the run sent, acknowledged or not.
 */
export async function secretsToKeep({ db, ledger, members }) {
  const users = await db.query('select email, password_hash from users');
  const texts = unique([...ledger.posts.values(), ...ledger.comments.values()].map((entry) => entry.text));
  const short = texts.filter((text) => text.length < MIN_TEXT_LENGTH);
  if (short.length) throw new Error(`post or comment texts under ${MIN_TEXT_LENGTH} characters cannot be told apart in a log: ${short.join(', ')}`);
  return [
    { kind: 'email of a member', plural: 'emails', values: unique(users.map((user) => user.email)) },
    { kind: 'password hash', plural: 'password hashes', values: unique(users.map((user) => user.password_hash)), pattern: HASH_PATTERN },
    { kind: 'password of a member', plural: 'passwords', values: unique(members.map((member) => member.password)) },
    { kind: 'session token of a member', plural: 'session tokens', values: unique(members.map((member) => member.token)) },
    { kind: 'text of a post or comment', plural: 'post and comment texts', values: texts },
  ];
}

const escapeForRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One regular expression per kind, its values as alternatives: V8 matches that in one pass (the
 * run's texts share their marker's head), where a `line.includes` per value took seconds a run.
 */
function matchers(secrets) {
  return secrets
    .map(({ kind, values, pattern }) => ({ kind, sources: [...values.map(escapeForRegExp), ...(pattern ? [pattern.source] : [])] }))
    .filter(({ sources }) => sources.length)
    .map(({ kind, sources }) => ({ kind, regExp: new RegExp(sources.join('|')) }));
}

/** The kinds of secret `line` carries. */
const kindsIn = (line, kinds) => kinds.filter(({ regExp }) => regExp.test(line)).map(({ kind }) => kind);

/**
 * Lines shaped like the API's, each carrying one secret of each kind (and a hash of each family the
 * pattern knows): the scan must find every one, or a clean verdict would mean nothing.
 */
function plantedLines(secrets) {
  const line = (value) => JSON.stringify({ level: 30, time: Date.now(), msg: 'planted by the soak', value });
  return secrets.flatMap(({ kind, values, pattern }) => [
    ...values.slice(0, 1).map((value) => ({ kind, line: line(value) })),
    ...(pattern ? ['$2b$10$N9qo8uLOickgx2ZMRZoMye', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ'].map((value) => ({ kind, line: line(value) })) : []),
  ]);
}

/**
 * Reads every line of `files` and answers the check: a hit names the file, the line and the kind of
 * secret (never the secret). Fails too when the scan misses a planted line, or when the files hold
 * fewer lines than the `apiRequests` the clients had answered: at info each logs one.
 */
export async function scanLogs({ files, secrets, apiRequests }) {
  const kinds = matchers(secrets);
  const problems = [];
  for (const { kind, line } of plantedLines(secrets)) {
    if (!kindsIn(line, kinds).includes(kind)) problems.push(`the scan missed a planted ${kind}`);
  }
  let lines = 0;
  for (const file of files) {
    const reader = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    let number = 0;
    for await (const line of reader) {
      number += 1;
      for (const kind of kindsIn(line, kinds)) problems.push(`${file}:${number}: ${kind}`);
    }
    lines += number;
  }
  if (lines < apiRequests) problems.push(`${lines} log lines for ${apiRequests} answered API requests: not every request was logged, so the scan saw too little`);
  const counts = secrets.map(({ plural, values }) => `${values.length} ${plural}`).join(', ');
  return check(
    "no API log line carries a password hash, a member's email, password or token, or a post's or comment's text",
    problems,
    `${lines} lines in ${files.length} file(s) (${apiRequests} API requests answered) against ${counts} and the hash pattern; every planted line found`,
  );
}
