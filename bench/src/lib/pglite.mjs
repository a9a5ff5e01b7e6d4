// The embedded database as the feed bench's seeding code uses a pg client: query(sql, params)
// answering { rows, rowCount }, and end().
import { PGlite } from '@electric-sql/pglite';

/** Opens the PGlite data dir at `dataDir`; no other process may have it open meanwhile. */
export async function openPglite(dataDir) {
  const db = new PGlite({ dataDir });
  await db.waitReady;
  return {
    async query(sql, params) {
      const { rows, affectedRows } = await db.query(sql, params);
      return { rows, rowCount: affectedRows };
    },
    end: () => db.close(),
  };
}
