import { randomBytes, randomUUID } from 'node:crypto';
import { GUEST_ACCOUNT } from '@atelier/contracts';
import sharp from 'sharp';
import { hashPassword } from '../../modules/auth/password-hasher';
import { faceFromSeed } from '../../modules/botfolk/individual';
import type { EncodedImage } from '../../modules/media/image-upload';
import type { UploadKind } from '../../modules/media/media-paths';
import { removeImage, saveImage } from '../../modules/media/media-store.service';
import type { Database } from '../database';
import { friendships } from '../schema/friendships.table';
import { postComments } from '../schema/post-comments.table';
import { postLikes } from '../schema/post-likes.table';
import { posts } from '../schema/posts.table';
import { users } from '../schema/users.table';
import { POST_ART_SIZE, postArtSvg } from './illustrations/post-art.svg';
import { LIKE_INTERVAL_MINUTES, SEED_FRIENDSHIPS, SEED_MEMBERS, SEED_POSTS, type MemberKey, type SeedMember } from './matrix-network.content';
import type { SeedStep } from './seeder';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Everyone joined before the oldest post and friendship, so profiles read in a sensible order. */
const JOINED_HOURS_AGO = 45 * 24;
/** Members' pictures: Bot Folk faces (drawn at 400px), scaled down. */
const AVATAR_SIZE = 256;

/** Waits for every job, then throws the first failure: after a failure, no file is still on its way to disk. */
async function settleAll(jobs: ReadonlyArray<Promise<unknown>>): Promise<void> {
  const failed = (await Promise.allSettled(jobs)).find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** An SVG drawing as a PNG of `size` (scaled when the drawing is another size). */
async function renderPng(svg: string, size: { width: number; height: number }): Promise<EncodedImage> {
  const buffer = await sharp(Buffer.from(svg)).resize(size.width, size.height).png().toBuffer();
  return { buffer, extension: 'png', ...size };
}

/**
 * A seeded member's picture: the Bot Folk individual their email draws (the same on every fresh
 * start), with the member's gender gene and, for women, no beard. The owner's `reset-guest` draws
 * the guest's again with it.
 */
export function seedMemberAvatar(member: SeedMember): Promise<EncodedImage> {
  const face = faceFromSeed(member.email, member.gender ? { gender: member.gender, facialHair: 'none' } : { gender: member.gender });
  return renderPng(face, { width: AVATAR_SIZE, height: AVATAR_SIZE });
}

/** Renders SVG illustrations to PNG files under DATA_DIR/media and remembers them for clean-up. */
class PictureWriter {
  private readonly written: Array<{ kind: UploadKind; fileName: string }> = [];

  constructor(private readonly dataDir: string) {}

  /** Renders `svg` at `size` (scaled when the drawing is another size). */
  async write(kind: UploadKind, svg: string, size: { width: number; height: number }): Promise<string> {
    return this.save(kind, renderPng(svg, size));
  }

  async save(kind: UploadKind, image: Promise<EncodedImage>): Promise<string> {
    const fileName = await saveImage(this.dataDir, kind, await image);
    this.written.push({ kind, fileName });
    return fileName;
  }

  /** A failed step is rolled back and retried at the next start; its files would otherwise stay as orphans. */
  async removeAll(): Promise<void> {
    await Promise.all(this.written.map(({ kind, fileName }) => removeImage(this.dataDir, kind, fileName)));
  }
}

async function seedNetwork(tx: Database, pictures: PictureWriter): Promise<void> {
  const now = Date.now();
  const hoursAgo = (hours: number) => new Date(now - hours * HOUR);
  const later = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE);

  const memberKeys = Object.keys(SEED_MEMBERS) as MemberKey[];
  const ids = Object.fromEntries(memberKeys.map((key) => [key, randomUUID()])) as Record<MemberKey, string>;

  const avatarJobs = memberKeys.map((key) => pictures.save('users', seedMemberAvatar(SEED_MEMBERS[key])));
  const postPictureJobs = SEED_POSTS.map((post) =>
    post.art ? pictures.write('posts', postArtSvg(post.art), POST_ART_SIZE) : Promise.resolve(null),
  );
  // Demo members are there to be read, not signed in as: they share the hash of a secret nobody
  // keeps. One hash serves all, since argon2 is deliberately slow.
  const hashJobs = [hashPassword(GUEST_ACCOUNT.password), hashPassword(randomBytes(32).toString('base64url'))] as const;
  await settleAll([...avatarJobs, ...postPictureJobs, ...hashJobs]);
  const avatarFiles = await Promise.all(avatarJobs);
  const postPictureFiles = await Promise.all(postPictureJobs);
  const [guestHash, lockedHash] = await Promise.all(hashJobs);

  await tx.insert(users).values(
    memberKeys.map((key, i) => {
      const { email, firstName, lastName, location, occupation } = SEED_MEMBERS[key];
      return {
        id: ids[key],
        email,
        firstName,
        lastName,
        location,
        occupation,
        passwordHash: key === 'guest' ? guestHash : lockedHash,
        picturePath: avatarFiles[i],
        createdAt: hoursAgo(JOINED_HOURS_AGO - i),
      };
    }),
  );

  await tx.insert(friendships).values(
    SEED_FRIENDSHIPS.flatMap(([a, b], i) => {
      const createdAt = hoursAgo(JOINED_HOURS_AGO - memberKeys.length - i);
      return [
        { userId: ids[a], friendId: ids[b], createdAt },
        { userId: ids[b], friendId: ids[a], createdAt },
      ];
    }),
  );

  const postRows = SEED_POSTS.map((post, i) => {
    const createdAt = hoursAgo(post.hoursAgo);
    const picturePath = postPictureFiles[i];
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
 * friendships, posts, likes and comments, and pictures Atelier draws itself, so the feed is alive.
 */
export const matrixNetworkSeed: SeedStep = {
  name: 'matrix-network',
  async run(tx, { dataDir }) {
    const pictures = new PictureWriter(dataDir);
    try {
      await seedNetwork(tx, pictures);
    } catch (error) {
      await pictures.removeAll();
      throw error;
    }
  },
};
