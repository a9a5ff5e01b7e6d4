// Bot Folk: synthetic individuals (docs/requirements/ai-demos.md#bot-folk), as GET /api/pyface answers them.
import type { z } from 'zod';
import type { botFolkIndividualSchema, botFolkTraitSchema } from './botfolk.schemas';

/** One row of the Genes, Nurture or Culture table; the page shows null as 'null'. */
export type BotFolkTrait = z.infer<typeof botFolkTraitSchema>;

export const BOTFOLK_WORLDS = ['Botville', 'Ultraspace'] as const;
export type BotFolkWorld = (typeof BOTFOLK_WORLDS)[number];

/** Names of the culture traits every individual has (the page's header reads them). */
export const CULTURE_TRAITS = {
  firstName: 'first name',
  lastName: 'last name',
  id: 'unique ID',
  born: 'birth date',
  world: 'world',
  parents: 'parents',
} as const;

/** The boolean gene whose value true reads as Female. */
export const GENDER_GENE = 'gender';

export type BotFolkIndividual = z.infer<typeof botFolkIndividualSchema>;

export interface OffspringRequest {
  parentA: string;
  parentB: string;
}
