import type { SessionUser } from '../store/session-types';

/** A signed-in member as the API answers one, shared by the specs. */
export const testMember: SessionUser = {
  _id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  location: 'London',
  occupation: 'Engineer',
  picturePath: 'ada.png',
  viewedProfile: 3,
  impressions: 7,
  friends: [],
  createdAt: '2026-01-02T03:04:05.000Z',
};

/** The navigation (docs/requirements/public-pages.md#navigation) as [label, target] pairs, in its order: what the specs expect on screen. */
export const SPEC_NAV = [
  ['Matrix Network', '/matrix'],
  ['Forge Generator', '/forge'],
  ['Dream-o-matic', '/dream'],
  ['Gen AI Gallery', '/gallery'],
  ['Synthetic Life', '/life'],
  ['Developer Resources', '/dev'],
];
