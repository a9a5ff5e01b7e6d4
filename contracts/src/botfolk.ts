// Bot Folk: synthetic individuals (DESIGN.md section 7), as GET /api/pyface answers them.

/** One row of the Genes, Nurture or Culture table; the page shows null as 'null'. */
export interface BotFolkTrait {
  name: string;
  value: string | number | boolean | null;
}

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

export interface BotFolkIndividual {
  /** `data:image/svg+xml;base64,...` of the 400px face. */
  svgimage: string;
  genes: BotFolkTrait[];
  nurture: BotFolkTrait[];
  culture: BotFolkTrait[];
  /** The genes encoded as an ACGT line; `?dna=` with it reproduces the genes and face exactly. */
  dna: string;
  /** The seed this individual was drawn from; `?seed=` reproduces the whole individual. */
  seed: string;
}

export interface OffspringRequest {
  parentA: string;
  parentB: string;
}
