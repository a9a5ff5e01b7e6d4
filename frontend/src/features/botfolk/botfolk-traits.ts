import { CULTURE_TRAITS, GENDER_GENE, type BotFolkIndividual, type BotFolkTrait } from '@atelier/contracts';

/** A trait's value as the page shows it: text, with null as 'null' and booleans as 'true' / 'false'. */
export const traitText = (value: BotFolkTrait['value']): string => (value === null ? 'null' : String(value));

const valueOf = (traits: BotFolkTrait[], name: string): BotFolkTrait['value'] =>
  traits.find((trait) => trait.name === name)?.value ?? null;

/** What the page's header says about an individual, read from its culture and its gender gene. */
export interface BotFolkPortrait {
  firstName: string;
  lastName: string;
  id: string;
  born: string;
  gender: 'Female' | 'Male';
  world: string;
  /** Set on a child bred on the page: its parents' unique IDs. */
  parents: string | null;
}

export function portraitOf({ genes, culture }: BotFolkIndividual): BotFolkPortrait {
  const text = (name: string) => traitText(valueOf(culture, name));
  const parents = valueOf(culture, CULTURE_TRAITS.parents);
  return {
    firstName: text(CULTURE_TRAITS.firstName),
    lastName: text(CULTURE_TRAITS.lastName),
    id: text(CULTURE_TRAITS.id),
    born: text(CULTURE_TRAITS.born),
    // Spec: Female when the gender gene is true, otherwise Male.
    gender: valueOf(genes, GENDER_GENE) === true ? 'Female' : 'Male',
    world: text(CULTURE_TRAITS.world),
    parents: parents === null ? null : traitText(parents),
  };
}
