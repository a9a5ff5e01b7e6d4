// After the load: the database, read directly, held to the ledger of what the API acknowledged.
const EXAMPLES = 5;

/** A check's verdict with at most a few examples of what broke it. */
export function check(name, problems, detail) {
  const ok = problems.length === 0;
  const examples = problems.slice(0, EXAMPLES).join('; ');
  return { name, ok, detail: ok ? detail : `${problems.length} problem(s): ${examples}${problems.length > EXAMPLES ? '; ...' : ''}` };
}

const acknowledged = (status) => status >= 200 && status < 300;
/** No answer or a 5xx: the server may or may not have done it. */
const unknown = (status) => status === 0 || status >= 500;

/** Rows grouped by the marker their text starts with. */
function byMarker(rows, column) {
  const groups = new Map();
  for (const row of rows) {
    const marker = row[column].split(' ')[0];
    groups.set(marker, [...(groups.get(marker) ?? []), row]);
  }
  return groups;
}

/**
 * Each acknowledged write is stored exactly once (and as its writer, on its post); a refused one
 * (4xx) not at all; an unanswered one at most once; nothing carries a marker the ledger lacks.
 */
function auditMarkedRows({ kind, ledgerEntries, rows, matches }) {
  const problems = [];
  let landedUnknown = 0;
  for (const [marker, entry] of ledgerEntries) {
    const copies = rows.get(marker) ?? [];
    if (acknowledged(entry.status)) {
      if (copies.length !== 1) problems.push(`acknowledged ${kind} ${marker} stored ${copies.length} times`);
      else problems.push(...matches(marker, entry, copies[0]));
    } else if (unknown(entry.status)) {
      if (copies.length > 1) problems.push(`unanswered ${kind} ${marker} stored ${copies.length} times`);
      landedUnknown += copies.length;
    } else if (copies.length) {
      problems.push(`${kind} ${marker} refused with ${entry.status} but stored ${copies.length} times`);
    }
  }
  for (const marker of rows.keys()) if (!ledgerEntries.has(marker)) problems.push(`${kind} ${marker} stored but never sent`);
  return { problems, landedUnknown };
}

/** Pairs in the database against the ledger's last acknowledged state; uncertain pairs are skipped. */
function auditToggles({ kind, ledgerEntries, field, storedPairs }) {
  const problems = [];
  let skipped = 0;
  let checked = 0;
  for (const [pair, entry] of ledgerEntries) {
    if (entry.uncertain) {
      skipped += 1;
      continue;
    }
    checked += 1;
    if (storedPairs.has(pair) !== entry[field]) problems.push(`${kind} ${pair}: last acknowledged ${entry[field]}, stored ${storedPairs.has(pair)}`);
  }
  for (const pair of storedPairs) if (!ledgerEntries.has(pair)) problems.push(`${kind} ${pair} stored but never toggled`);
  return { problems, checked, skipped };
}

/** `likerIds`: the members whose likes the ledger holds (writers and contenders); `runMemberIds`: every member the run registered. */
export async function auditDatabase({ db, ledger, seededPostCount, baselineImpressions, likerIds, runMemberIds }) {
  const checks = [];
  const pattern = `${ledger.markerPrefix}%`;

  const postRows = await db.query('select description, user_id::text as user_id, picture_path from posts where description like $1', [pattern]);
  const posts = auditMarkedRows({
    kind: 'post',
    ledgerEntries: ledger.posts,
    rows: byMarker(postRows, 'description'),
    matches: (marker, entry, row) => [
      ...(row.user_id === entry.writerId ? [] : [`post ${marker} stored as member ${row.user_id}`]),
      ...(Boolean(row.picture_path) === entry.withPicture ? [] : [`post ${marker} picture ${entry.withPicture ? 'missing' : 'unexpected'}`]),
    ],
  });
  const acknowledgedPosts = [...ledger.posts.values()].filter((entry) => acknowledged(entry.status)).length;
  checks.push(check('every acknowledged post stored exactly once, by its writer', posts.problems, `${acknowledgedPosts} posts (${postRows.length} rows with this run's markers)`));

  const [{ total }] = await db.query('select count(*)::int as total from posts');
  const expectedTotal = seededPostCount + acknowledgedPosts + posts.landedUnknown;
  checks.push(
    check(
      'total posts = seeded + acknowledged',
      total === expectedTotal ? [] : [`${total} posts in the database, expected ${seededPostCount} seeded + ${acknowledgedPosts} acknowledged + ${posts.landedUnknown} unanswered that landed`],
      `${total} = ${seededPostCount} + ${acknowledgedPosts}${posts.landedUnknown ? ` + ${posts.landedUnknown} unanswered` : ''}`,
    ),
  );

  const commentRows = await db.query('select text, post_id::text as post_id, user_id::text as user_id from post_comments where text like $1', [pattern]);
  const comments = auditMarkedRows({
    kind: 'comment',
    ledgerEntries: ledger.comments,
    rows: byMarker(commentRows, 'text'),
    matches: (marker, entry, row) =>
      row.post_id === entry.postId && row.user_id === entry.writerId ? [] : [`comment ${marker} stored on ${row.post_id} as ${row.user_id}`],
  });
  const acknowledgedComments = [...ledger.comments.values()].filter((entry) => acknowledged(entry.status)).length;
  checks.push(check('every acknowledged comment stored exactly once, on its post', comments.problems, `${acknowledgedComments} comments`));

  const likeRows = await db.query('select post_id::text as post_id, user_id::text as user_id from post_likes where user_id = any($1::uuid[])', [likerIds]);
  const likes = auditToggles({
    kind: 'like',
    ledgerEntries: ledger.likes,
    field: 'liked',
    storedPairs: new Set(likeRows.map((row) => `${row.post_id} ${row.user_id}`)),
  });
  checks.push(check('like per (post, member) = last acknowledged toggle', likes.problems, `${likes.checked} pairs, ${likes.skipped} skipped (a toggle went unanswered)`));

  const friendRows = await db.query(
    'select user_id::text as user_id, friend_id::text as friend_id from friendships where user_id = any($1::uuid[]) or friend_id = any($1::uuid[])',
    [runMemberIds],
  );
  const directions = new Set(friendRows.map((row) => `${row.user_id} ${row.friend_id}`));
  const lopsided = friendRows.filter((row) => !directions.has(`${row.friend_id} ${row.user_id}`)).map((row) => `${row.user_id} -> ${row.friend_id} without its reverse`);
  checks.push(check('every friendship stored in both directions', lopsided, `${friendRows.length} rows`));
  const friendships = auditToggles({
    kind: 'friendship',
    ledgerEntries: ledger.friendships,
    field: 'friends',
    storedPairs: new Set(friendRows.map((row) => [row.user_id, row.friend_id].sort().join(' '))),
  });
  checks.push(check('friendship per pair = last acknowledged toggle', friendships.problems, `${friendships.checked} pairs, ${friendships.skipped} skipped`));

  checks.push(
    check(
      'each acknowledged toggle flipped the state before it',
      ledger.toggleViolations.map((v) => `${v.field} ${v.key}: answered ${v.got} twice in a row`),
      `${[...ledger.likes.values(), ...ledger.friendships.values()].reduce((sum, entry) => sum + entry.toggles, 0)} toggles`,
    ),
  );

  const { contention } = ledger;
  checks.push(
    check(
      'toggles of one like and one friendship sent at once to every process: each acknowledged one flipped it once, none 5xx',
      contention.bursts ? contention.problems : ['no burst was sent'],
      `${contention.bursts} bursts: ${contention.likeToggles} like and ${contention.friendToggles} friend toggles, ${contention.acknowledged} acknowledged`,
    ),
  );

  const viewRows = await db.query('select viewed_id::text as viewed_id, viewer_id::text as viewer_id from profile_views where viewer_id = any($1::uuid[])', [runMemberIds]);
  const storedViews = new Set(viewRows.map((row) => `${row.viewed_id} ${row.viewer_id}`));
  const viewProblems = [...ledger.profileViews].filter((pair) => !storedViews.has(pair)).map((pair) => `view ${pair} answered but not stored`);
  if (ledger.uncertainProfileViews === 0) {
    viewProblems.push(...[...storedViews].filter((pair) => !ledger.profileViews.has(pair)).map((pair) => `view ${pair} stored but never answered`));
  }
  checks.push(check('profile views stored once per (profile, viewer)', viewProblems, `${ledger.profileViews.size} distinct pairs`));

  const counters = await db.query(
    'select id::text as id, viewed_profile, impressions, (select count(*)::int from profile_views v where v.viewed_id = u.id) as viewers from users u',
  );
  checks.push(
    check(
      'users.viewed_profile = distinct viewers stored',
      counters.filter((row) => row.viewed_profile !== row.viewers).map((row) => `${row.id}: counter ${row.viewed_profile}, ${row.viewers} viewers`),
      `${counters.length} members`,
    ),
  );

  if (ledger.uncertainImpressions > 0) {
    checks.push({ name: 'users.impressions = baseline + deliveries', ok: true, detail: `not checkable: ${ledger.uncertainImpressions} feed answers missing` });
  } else {
    const impressionProblems = counters
      .filter((row) => baselineImpressions.has(row.id))
      .filter((row) => row.impressions !== baselineImpressions.get(row.id) + (ledger.impressions.get(row.id) ?? 0))
      .map((row) => `${row.id}: ${row.impressions}, expected ${baselineImpressions.get(row.id)} + ${ledger.impressions.get(row.id) ?? 0}`);
    const unknownAuthors = [...ledger.impressions.keys()].filter((id) => !baselineImpressions.has(id)).map((id) => `${id} delivered but not in the baseline`);
    const delivered = [...ledger.impressions.values()].reduce((sum, count) => sum + count, 0);
    checks.push(check('users.impressions = baseline + deliveries', [...impressionProblems, ...unknownAuthors], `${delivered} deliveries to ${ledger.impressions.size} authors`));
  }

  const readBacks = ledger.readBacks;
  const lateOrLost = [
    ...readBacks.neverAgreed.map((late) => `${late.what} not shown after ${late.waitedMs} ms`),
    ...readBacks.agreedLater.map((late) => `${late.what} shown only after ${late.waitedMs} ms (${late.attempts} reads)`),
  ];
  checks.push(
    check(
      'a write read back through the other process shows at once',
      lateOrLost,
      `${readBacks.agreedAtOnce} read-backs${readBacks.unanswered ? `, ${readBacks.unanswered} unanswered` : ''}`,
    ),
  );
  checks.push(check('each acknowledged write shows in its own answer; pictures served by the other process', ledger.ownAnswerMisses.map((m) => `${m.what} (${m.status})`), 'all shown'));

  return {
    ok: checks.every((entry) => entry.ok),
    checks,
    acknowledged: {
      posts: acknowledgedPosts,
      postsWithPicture: [...ledger.posts.values()].filter((entry) => acknowledged(entry.status) && entry.withPicture).length,
      comments: acknowledgedComments,
      likeToggles: [...ledger.likes.values()].reduce((sum, entry) => sum + entry.acknowledged, 0),
      friendToggles: [...ledger.friendships.values()].reduce((sum, entry) => sum + entry.acknowledged, 0),
    },
  };
}
