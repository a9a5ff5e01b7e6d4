// Bulk bench data for the feed: members, posts, likes and comments generated inside PostgreSQL
// (`insert ... select ... from generate_series`), so a million posts never cross the wire.
//
// Rows are numbered: member n has id md5('atelier-bench-user-n'), post g has id md5('atelier-bench-post-g').
// Deterministic ids let posts, likes and comments name their member and post without joins.
import { createRequire } from 'node:module';

const MEMBERS = 1_000;
const BATCH = 100_000;
const YEAR_MS = 365 * 24 * 3600 * 1000;

// Text the descriptions and comments are cut from; long enough for every offset + length below.
const LOREM = (
  'Trained a small diffusion model on my sketchbook scans this weekend and the results are oddly charming. ' +
  'Benchmarks say the new tokenizer is faster, but the real win is how much simpler the pipeline got. ' +
  'Shipping a tiny demo: upload a photo, get a watercolour back, no account needed. Feedback welcome. ' +
  'Spent the evening profiling a data loader; the bottleneck was JSON parsing, not the GPU at all. ' +
  'Our reading group is on attention variants next week, bring questions and your favourite paper. ' +
  'Finally wrote up the notes from the conference: evaluation is still the hardest part of the job. '
).repeat(2);

const MEMBER_ID = (n) => `md5('atelier-bench-user-' || (${n}))::uuid`;
const POST_ID = (g) => `md5('atelier-bench-post-' || (${g}))::uuid`;

// Batch statements take the same parameters: $1 first and $2 last post number of the batch,
// $3 the newest post's time, $4 the step in ms, $5 the text to cut from (each passes those it uses).

// Distinct millisecond timestamps. The newest HEAD posts are 1 ms apart and newer than the demo
// posts, so the first page holds the same posts (same likes, same comments) at every
// size and the sizes compare like for like; the rest are `step` ms apart over the past year.
const HEAD = 100;
const POST_TIME = (g) =>
  `($3::timestamptz - (least(${g}, ${HEAD}) + greatest(${g} - ${HEAD}, 0)::bigint * $4::bigint) * interval '1 millisecond')`;

const INSERT_MEMBERS = `
  insert into users (id, first_name, last_name, email, password_hash, location, occupation, picture_path)
  select ${MEMBER_ID('n')},
         (array['Ada','Alan','Grace','Edsger','Barbara','Donald','Frances','John','Margaret','Ken'])[1 + n % 10],
         (array['Lovelace','Turing','Hopper','Dijkstra','Liskov','Knuth','Allen','McCarthy','Hamilton','Thompson'])[1 + (n / 10) % 10] || ' ' || n,
         'bench-user-' || n || '@bench.example.com',
         'bench: no password, cannot sign in',
         (array['Lisbon','Nairobi','Osaka','Toronto','Tallinn','Bogota','Perth'])[1 + n % 7],
         (array['ML engineer','Researcher','Data scientist','Illustrator','Student','Founder','Photographer'])[1 + n % 7],
         'bench-avatar.png'
  from generate_series(0, $1::int - 1) n`;

// A quarter of the posts have a picture; descriptions are 100 to 300 characters. Here and in the
// comments, g is reduced before it is multiplied, so the products stay within int4 up to 1M posts.
const INSERT_POSTS = `
  insert into posts (id, user_id, description, picture_path, created_at, updated_at)
  select ${POST_ID('g')}, ${MEMBER_ID(`g % ${MEMBERS}`)},
         left('Bench post ' || g || ': ' || substr($5, 1 + (g % 300) * 37 % 300, 300), 100 + (g % 201) * 7919 % 201),
         case when g % 4 = 0 then 'bench-post-' || (g / 4) % 16 || '.jpg' end,
         t, t
  from generate_series($1::int, $2::int) g, lateral (select ${POST_TIME('g')} as t) post_time`;

// Every tenth post gets 1 to 20 likes and 1 to 3 comments from distinct members.
const INSERT_LIKES = `
  insert into post_likes (post_id, user_id)
  select ${POST_ID('g')}, ${MEMBER_ID(`(g + 1 + k * 7) % ${MEMBERS}`)}
  from generate_series($1::int, $2::int) g, generate_series(0, (g / 10 * 7) % 20) k
  where g % 10 = 0`;

const INSERT_COMMENTS = `
  insert into post_comments (post_id, user_id, text, created_at)
  select ${POST_ID('g')}, ${MEMBER_ID(`(g + 3 + k * 13) % ${MEMBERS}`)},
         'Comment ' || (k + 1) || ': ' || substr($5, 1 + (g + k * 53) % 300, 20 + ((g % 100) * 31 + k) % 100),
         ${POST_TIME('g')} + (k + 1) * interval '1 second'
  from generate_series($1::int, $2::int) g, generate_series(0, (g / 10) % 3) k
  where g % 10 = 0`;

/**
 * Brings the feed to `totalPosts` posts (the server's demo posts included) and refreshes the
 * planner statistics. Reports progress through `log`. Returns how many rows it inserted.
 */
export async function seedFeed(client, totalPosts, log) {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const { rows } = await client.query('select count(*)::int as count, max(created_at) as newest from posts');
  const count = Math.max(0, totalPosts - rows[0].count);
  // The newest bench post: now, or just after the newest demo post should the seed have dated one later.
  const base = new Date(Math.max(Date.now(), (rows[0].newest?.getTime() ?? 0) + HEAD + 1));
  const step = Math.max(1, Math.floor(YEAR_MS / Math.max(count, 1)));

  await client.query(INSERT_MEMBERS, [MEMBERS]);
  const inserted = { members: MEMBERS, posts: 0, likes: 0, comments: 0 };
  for (let first = 0; first < count; first += BATCH) {
    const last = Math.min(first + BATCH, count) - 1;
    // Batches show progress during a million-row seed; each one's posts, likes and comments commit together.
    await client.query('begin');
    inserted.posts += (await client.query(INSERT_POSTS, [first, last, base, step, LOREM])).rowCount;
    inserted.likes += (await client.query(INSERT_LIKES, [first, last])).rowCount;
    inserted.comments += (await client.query(INSERT_COMMENTS, [first, last, base, step, LOREM])).rowCount;
    await client.query('commit');
    if (count > BATCH) log(`${inserted.posts.toLocaleString('en')} / ${count.toLocaleString('en')} posts (${seconds()} s)`);
  }
  await client.query('analyze');
  log(
    `inserted ${inserted.members} members, ${inserted.posts.toLocaleString('en')} posts, ` +
      `${inserted.likes.toLocaleString('en')} likes, ${inserted.comments.toLocaleString('en')} comments, analyzed (${seconds()} s)`,
  );
  return inserted;
}

/**
 * The plans of the feed's page statements as the API prepares them (feed-page.reads.ts in the built
 * backend; 20 posts + 1 to know whether more exist), first page and next page by cursor: they show
 * whether each walks an index or scans the table.
 */
export async function explainFeed(client) {
  const { feedPageSql } = createRequire(import.meta.url)('../../../backend/dist/modules/posts/feed-page.reads.js');
  const { rows: page } = await client.query('select id, created_at from posts order by created_at desc, id desc limit 20');
  const last = page.at(-1);
  const queries = [
    ['first page', feedPageSql('everyone', 'first'), { limit: 21 }],
    ['next page (cursor)', feedPageSql('everyone', 'after'), { limit: 21, afterCreatedAt: last.created_at, afterId: last.id }],
  ];
  const sections = [];
  for (const [title, { sql, values }, named] of queries) {
    const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, values(named));
    sections.push(`-- ${title}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
  }
  return sections.join('\n\n');
}
