import type { Database } from './database';

/**
 * An open transaction, handed by one module's repository to another module's service when a write
 * spans tables of both owners (a guest sandbox's opening copies members' and posts' rows): both
 * commit or neither does.
 */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
