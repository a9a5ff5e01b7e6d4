import { GUEST_ACCOUNT, SOCIAL_LIMITS } from '@atelier/contracts';
import { DEMO_FRIENDSHIPS, DEMO_MEMBERS } from './demo-members';

// The seed writes these rows as they are: a slip here would show as a broken network, not as an error.
describe('Matrix Network demo members', () => {
  const members = Object.values(DEMO_MEMBERS);

  it('has the guest and eight demo members with distinct lower-case emails and fields within the limits', () => {
    expect(DEMO_MEMBERS.guest).toMatchObject({ email: GUEST_ACCOUNT.email, firstName: 'Guest' });
    expect(members).toHaveLength(9);
    expect(new Set(members.map((member) => member.email)).size).toBe(9);
    for (const member of members) {
      expect(member.email).toBe(member.email.toLowerCase());
      for (const field of ['firstName', 'lastName', 'location', 'occupation'] as const) {
        expect(member[field].trim().length).toBeGreaterThan(0);
        expect(member[field].length).toBeLessThanOrEqual(SOCIAL_LIMITS[field]);
      }
    }
  });

  it('lists each friendship once, never with oneself, and gives the guest three or four friends', () => {
    const pairs = DEMO_FRIENDSHIPS.map(([a, b]) => [a, b].sort().join('+'));
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const [a, b] of DEMO_FRIENDSHIPS) expect(a).not.toBe(b);
    const guestFriends = DEMO_FRIENDSHIPS.filter((pair) => pair.includes('guest')).length;
    expect(guestFriends).toBeGreaterThanOrEqual(3);
    expect(guestFriends).toBeLessThanOrEqual(4);
  });
});
