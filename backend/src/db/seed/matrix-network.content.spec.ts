import { SOCIAL_LIMITS } from '@atelier/contracts';
import { DEMO_MEMBERS, type MemberKey } from '../../modules/users/demo-members';
import { LIKE_INTERVAL_MINUTES, SEED_POSTS } from './matrix-network.content';

// The seed writes these rows as they are: a slip here would show as a broken feed, not as an error.
describe('Matrix Network seed content', () => {
  const members = Object.values(DEMO_MEMBERS);

  it('has about 24 posts at distinct times, about a third of them illustrated, all within the length limit', () => {
    expect(SEED_POSTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(SEED_POSTS.map((post) => post.hoursAgo)).size).toBe(SEED_POSTS.length);
    const illustrated = SEED_POSTS.filter((post) => post.art).length;
    expect(illustrated / SEED_POSTS.length).toBeGreaterThan(0.25);
    expect(illustrated / SEED_POSTS.length).toBeLessThan(0.45);
    for (const post of SEED_POSTS) expect(post.text.length).toBeLessThanOrEqual(SOCIAL_LIMITS.description);
    // Every member posts, so each profile has something to show.
    const authors = new Set<MemberKey>(SEED_POSTS.map((post) => post.author));
    expect(authors.size).toBe(members.length);
  });

  it('says in every illustrated post that Atelier generated the picture', () => {
    for (const post of SEED_POSTS.filter((p) => p.art)) expect(post.text).toMatch(/illustration Atelier generated/);
  });

  it('has likes and up to four comments per post by other members, all after the post and before the seeding', () => {
    for (const post of SEED_POSTS) {
      expect(post.likedBy).not.toContain(post.author);
      expect(new Set(post.likedBy).size).toBe(post.likedBy.length);
      expect(LIKE_INTERVAL_MINUTES * post.likedBy.length).toBeLessThan(post.hoursAgo * 60);
      expect(post.comments.length).toBeLessThanOrEqual(4);
      const minutes = post.comments.map((comment) => comment.minutesAfterPost);
      expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
      expect(new Set(minutes).size).toBe(minutes.length);
      for (const comment of post.comments) {
        expect(comment.by).not.toBe(post.author);
        expect(comment.minutesAfterPost).toBeGreaterThan(0);
        expect(comment.minutesAfterPost).toBeLessThan(post.hoursAgo * 60);
        expect(comment.text.length).toBeLessThanOrEqual(SOCIAL_LIMITS.comment);
      }
    }
    expect(SEED_POSTS.some((post) => post.comments.length === 0)).toBe(true);
  });
});
