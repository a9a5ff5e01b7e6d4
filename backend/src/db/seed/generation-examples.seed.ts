import { builtInExamples } from '../../modules/generation/examples/built-in-examples';
import { generationExamples } from '../schema/generation-examples.table';
import type { SeedStep } from './seeder';

/**
 * The Forge and Dream pages' example pictures: Atelier's own, each row saying its prompt and that
 * the procedural renderer made it. Rows only: a picture is drawn when first asked for (the examples
 * service), so neither a first start nor an upgrade waits for them. An install from before examples
 * were rows gets them at its next start, and keeps the pictures it had drawn (same paths).
 */
export const generationExamplesSeed: SeedStep = {
  name: 'generation-examples',
  async run(tx) {
    await tx.insert(generationExamples).values(builtInExamples()).onConflictDoNothing();
  },
};
