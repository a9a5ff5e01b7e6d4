import { generationExamplesSeed } from './generation-examples.seed';
import { matrixNetworkSeed } from './matrix-network.seed';
import type { SeedStep } from './seeder';
import { showcaseSeed } from './showcase.seed';
import { siteSettingsSeed } from './site-settings.seed';

/**
 * Every feature's first-start data, in the order it must be applied (members before their posts,
 * content before its images). Feature modules append their steps here as they arrive.
 */
export const SEED_STEPS: readonly SeedStep[] = [matrixNetworkSeed, showcaseSeed, siteSettingsSeed, generationExamplesSeed];
