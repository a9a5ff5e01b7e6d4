import { CULTURE_TRAITS, GENDER_GENE, type BotFolkIndividual } from '@atelier/contracts';

const svg = (label: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><title>${label}</title></svg>`)}`;

interface IndividualOptions {
  dna: string;
  firstName: string;
  lastName: string;
  female?: boolean;
  parents?: string;
}

/** An individual shaped like the API's answer, with a null in each table and a boolean gene. */
export function makeIndividual({ dna, firstName, lastName, female = false, parents }: IndividualOptions): BotFolkIndividual {
  return {
    svgimage: svg(firstName),
    dna,
    seed: `seed-${dna}`,
    genes: [
      { name: 'face width', value: 0.72 },
      { name: GENDER_GENE, value: female },
      { name: 'hair colour', value: 'auburn' },
      { name: 'facial hair', value: null },
    ],
    nurture: [
      { name: 'region', value: 'Northern Reach' },
      { name: 'schooling', value: 12 },
      { name: 'household', value: null },
    ],
    culture: [
      { name: CULTURE_TRAITS.firstName, value: firstName },
      { name: CULTURE_TRAITS.lastName, value: lastName },
      { name: CULTURE_TRAITS.id, value: `BF-${dna.slice(0, 6)}` },
      { name: CULTURE_TRAITS.born, value: '2071-03-14' },
      { name: CULTURE_TRAITS.world, value: 'Botville' },
      { name: 'religion', value: null },
      ...(parents ? [{ name: CULTURE_TRAITS.parents, value: parents }] : []),
    ],
  };
}

export const ada = makeIndividual({ dna: 'ACGTACGTAC', firstName: 'Ada', lastName: 'Quill', female: true });
export const bram = makeIndividual({ dna: 'TTGACCAGTA', firstName: 'Bram', lastName: 'Oxley' });
export const cleo = makeIndividual({
  dna: 'GATTACAGAT',
  firstName: 'Cleo',
  lastName: 'Quill',
  female: true,
  parents: 'BF-ACGTAC, BF-TTGACC',
});
