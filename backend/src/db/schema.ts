// The whole Drizzle schema: every table file under schema/ is listed here once.
import { seedRuns } from './schema/seed-runs.table';

export const schema = { seedRuns };
