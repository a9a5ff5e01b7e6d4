// Bot Folk's answers as zod schemas (see errors.schemas.ts for why).
import { z } from 'zod';

export const botFolkTraitSchema = z
  .object({ name: z.string(), value: z.union([z.string(), z.number(), z.boolean(), z.null()]) })
  .meta({ id: 'BotFolkTrait' });

export const botFolkIndividualSchema = z
  .object({
    /** `data:image/svg+xml;base64,...` of the 400px face. */
    svgimage: z.string(),
    genes: z.array(botFolkTraitSchema),
    nurture: z.array(botFolkTraitSchema),
    culture: z.array(botFolkTraitSchema),
    /** The genes encoded as an ACGT line; `?dna=` with it reproduces the genes and face exactly. */
    dna: z.string(),
    /** The seed this individual was drawn from; `?seed=` reproduces the whole individual. */
    seed: z.string(),
  })
  .meta({ id: 'BotFolkIndividual' });
