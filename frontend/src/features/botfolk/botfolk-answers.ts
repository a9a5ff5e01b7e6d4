import type { BotFolkIndividual } from '@atelier/contracts';
import { botFolkIndividualSchema } from '@atelier/contracts/schemas';

// Bot Folk's answers read with the contracts' schema. A module of its own: botfolk-api loads it (and
// zod) when an answer arrives, not with the app's first script.

/** The answer as an individual, or undefined when it is not one. */
export const readIndividual = (answer: unknown): BotFolkIndividual | undefined => botFolkIndividualSchema.safeParse(answer).data;
