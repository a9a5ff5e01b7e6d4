// The Matrix Network's demo members and who is friends with whom. The first start's seed inserts
// them (db/seed/matrix-network.seed.ts); the owner's `reset-guest` restores the guest from them.
import { GUEST_ACCOUNT } from '@atelier/contracts';

export interface DemoMember {
  email: string;
  firstName: string;
  lastName: string;
  location: string;
  occupation: string;
  /** The Bot Folk gender gene of their face (true reads as Female), so the picture fits the name. */
  gender: boolean;
}

/** Keys name members in the friendships below and in the seed's posts; the compiler checks every reference. */
export const DEMO_MEMBERS = {
  guest: {
    email: GUEST_ACCOUNT.email,
    firstName: 'Guest',
    gender: false,
    lastName: 'Visitor',
    location: 'The Lobby',
    occupation: 'Exploring the Matrix Network',
  },
  mira: {
    email: 'mira.castellane@matrix.example',
    firstName: 'Mira',
    gender: true,
    lastName: 'Castellane',
    location: 'Tessel Bay',
    occupation: 'Research Engineer, LLM pre-training',
  },
  tobias: {
    email: 'tobias.wrenfield@matrix.example',
    firstName: 'Tobias',
    gender: false,
    lastName: 'Wrenfield',
    location: 'Kestrel Falls',
    occupation: 'GPU Infrastructure Engineer',
  },
  anouk: {
    email: 'anouk.veldhaven@matrix.example',
    firstName: 'Anouk',
    gender: true,
    lastName: 'Veldhaven',
    location: 'Orinth Harbour',
    occupation: 'Computer Vision Scientist',
  },
  kofi: {
    email: 'kofi.adjeman@matrix.example',
    firstName: 'Kofi',
    gender: false,
    lastName: 'Adjeman',
    location: 'New Aldermoor',
    occupation: 'Full-stack Developer, ML products',
  },
  yuki: {
    email: 'yuki.tanabe-rowe@matrix.example',
    firstName: 'Yuki',
    gender: true,
    lastName: 'Tanabe-Rowe',
    location: 'Valmere',
    occupation: 'Creative Technologist, diffusion models',
  },
  samir: {
    email: 'samir.haddadine@matrix.example',
    firstName: 'Samir',
    gender: false,
    lastName: 'Haddadine',
    location: 'Brightwater Quay',
    occupation: 'MLOps Engineer',
  },
  lena: {
    email: 'lena.kowalczyk@matrix.example',
    firstName: 'Lena',
    gender: true,
    lastName: 'Kowalczyk',
    location: 'Saltmarsh Heights',
    occupation: 'NLP Researcher, interpretability',
  },
  rafael: {
    email: 'rafael.quintero@matrix.example',
    firstName: 'Rafael',
    gender: false,
    lastName: 'Quintero',
    location: 'Cinder Point',
    occupation: 'Data Scientist, recommender systems',
  },
} as const satisfies Record<string, DemoMember>;

export type MemberKey = keyof typeof DEMO_MEMBERS;

/** The guest's one seed post (db/seed/matrix-network.content.ts); `reset-guest` keeps it and removes any other. */
export const DEMO_GUEST_POST = 'Hello Matrix Network! Just looking around. Tips on where to start with fine-tuning small models are welcome.';

/** Each pair is one mutual friendship. The guest starts with four friends, so its lists are not empty. */
export const DEMO_FRIENDSHIPS: ReadonlyArray<readonly [MemberKey, MemberKey]> = [
  ['guest', 'mira'],
  ['guest', 'tobias'],
  ['guest', 'yuki'],
  ['guest', 'kofi'],
  ['mira', 'tobias'],
  ['mira', 'lena'],
  ['mira', 'anouk'],
  ['tobias', 'samir'],
  ['tobias', 'kofi'],
  ['anouk', 'yuki'],
  ['anouk', 'rafael'],
  ['kofi', 'samir'],
  ['kofi', 'rafael'],
  ['lena', 'rafael'],
  ['yuki', 'lena'],
  ['samir', 'rafael'],
];
