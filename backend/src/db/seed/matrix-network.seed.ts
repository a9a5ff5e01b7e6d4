import { createHash, randomBytes, randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { GUEST_ACCOUNT } from '@atelier/contracts';
import sharp from 'sharp';
import { hashPassword } from '../../modules/users/password-hasher';
import type { EncodedImage } from '../../modules/media/image-upload';
import { mediaDir, type UploadKind } from '../../modules/media/media-paths';
import { someFileMissing, type PendingPicture } from '../../modules/media/pending-pictures';
import { demoMemberAvatar } from '../../modules/users/demo-member-avatar';
import { DEMO_FRIENDSHIPS, DEMO_MEMBERS, type DemoMember, type MemberKey } from '../../modules/users/demo-members';
import type { Database } from '../database';
import { friendships } from '../schema/friendships.table';
import { postComments } from '../schema/post-comments.table';
import { postLikes } from '../schema/post-likes.table';
import { posts } from '../schema/posts.table';
import { users } from '../schema/users.table';
import { POST_ART_SIZE, postArtSvg, type PostArt } from './illustrations/post-art.svg';
import { LIKE_INTERVAL_MINUTES, SEED_POSTS } from './matrix-network.content';
import type { SeedContext, SeedStep } from './seeder';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Everyone joined before the oldest post and friendship, so profiles read in a sensible order. */
const JOINED_HOURS_AGO = 45 * 24;

/** An SVG drawing as a PNG of `size` (scaled when the drawing is another size). */
async function renderPng(svg: string, size: { width: number; height: number }): Promise<EncodedImage> {
  const buffer = await sharp(Buffer.from(svg)).resize(size.width, size.height).png().toBuffer();
  return { buffer, extension: 'png', ...size };
}

/**
 * A seed picture's file name: the generated-name format of uploads, but fixed per picture, so that
 * the rows can name it before it is drawn and a later start can draw it if it is missing.
 */
const seedFileName = (identity: string) => `${createHash('sha256').update(`matrix-network:${identity}`).digest('hex').slice(0, 32)}.png`;

const avatarFileName = (member: DemoMember) => seedFileName(`avatar:${member.email}`);
const postArtFileName = (art: PostArt) => seedFileName(`post-art:${art.kind}:${art.seed}`);

/** The members' faces and the posts' illustrations that are not on disk yet. */
async function pendingNetworkPictures(_db: Database, { dataDir }: SeedContext): Promise<PendingPicture[]> {
  const picture = (kind: UploadKind, fileName: string, draw: () => Promise<EncodedImage>): PendingPicture => ({
    files: [path.join(mediaDir(dataDir, kind), fileName)],
    draw: async () => [(await draw()).buffer],
  });
  const avatars = Object.values(DEMO_MEMBERS).map((member) => picture('users', avatarFileName(member), () => demoMemberAvatar(member)));
  const postArt = SEED_POSTS.flatMap(({ art }) =>
    art ? [picture('posts', postArtFileName(art), () => renderPng(postArtSvg(art), POST_ART_SIZE))] : [],
  );
  const missing = await Promise.all([...avatars, ...postArt].map((candidate) => someFileMissing(candidate.files)));
  return [...avatars, ...postArt].filter((_, index) => missing[index]);
}

async function seedNetwork(tx: Database): Promise<void> {
  const now = Date.now();
  const hoursAgo = (hours: number) => new Date(now - hours * HOUR);
  const later = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE);

  const memberKeys = Object.keys(DEMO_MEMBERS) as MemberKey[];
  const ids = Object.fromEntries(memberKeys.map((key) => [key, randomUUID()])) as Record<MemberKey, string>;

  // Demo members are there to be read, not signed in as: they share the hash of a secret nobody
  // keeps. One hash serves all, since argon2 is deliberately slow.
  const [guestHash, lockedHash] = await Promise.all([hashPassword(GUEST_ACCOUNT.password), hashPassword(randomBytes(32).toString('base64url'))]);

  await tx.insert(users).values(
    memberKeys.map((key, i) => {
      const { email, firstName, lastName, location, occupation } = DEMO_MEMBERS[key];
      return {
        id: ids[key],
        email,
        firstName,
        lastName,
        location,
        occupation,
        passwordHash: key === 'guest' ? guestHash : lockedHash,
        // The guest is the template of guest sandboxes (auth/guest-sandboxes.ts): nobody else sees it.
        sandboxed: key === 'guest',
        picturePath: avatarFileName(DEMO_MEMBERS[key]),
        createdAt: hoursAgo(JOINED_HOURS_AGO - i),
      };
    }),
  );

  await tx.insert(friendships).values(
    DEMO_FRIENDSHIPS.flatMap(([a, b], i) => {
      const createdAt = hoursAgo(JOINED_HOURS_AGO - memberKeys.length - i);
      return [
        { userId: ids[a], friendId: ids[b], createdAt },
        { userId: ids[b], friendId: ids[a], createdAt },
      ];
    }),
  );

  const postRows = SEED_POSTS.map((post) => {
    const createdAt = hoursAgo(post.hoursAgo);
    const picturePath = post.art ? postArtFileName(post.art) : null;
    return { id: randomUUID(), userId: ids[post.author], description: post.text, picturePath, createdAt, updatedAt: createdAt };
  });
  await tx.insert(posts).values(postRows);

  await tx.insert(postLikes).values(
    SEED_POSTS.flatMap((post, i) =>
      post.likedBy.map((key, k) => ({
        postId: postRows[i].id,
        userId: ids[key],
        createdAt: later(postRows[i].createdAt, LIKE_INTERVAL_MINUTES * (k + 1)),
      })),
    ),
  );

  await tx.insert(postComments).values(
    SEED_POSTS.flatMap((post, i) =>
      post.comments.map((comment) => ({
        postId: postRows[i].id,
        userId: ids[comment.by],
        text: comment.text,
        createdAt: later(postRows[i].createdAt, comment.minutesAfterPost),
      })),
    ),
  );
}

/**
 * The Matrix Network on first start: the guest account, eight fictional AI/ML members with their
 * friendships, posts, likes and comments, and pictures Atelier draws itself (after the server
 * answers), so the feed is alive.
 */
export const matrixNetworkSeed: SeedStep = {
  name: 'matrix-network',
  run: (tx) => seedNetwork(tx),
  pictures: pendingNetworkPictures,
};
