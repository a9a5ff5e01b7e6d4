import sharp from 'sharp';
import { faceFromSeed } from '../botfolk/individual';
import type { EncodedImage } from '../media/image-upload';
import type { DemoMember } from './demo-members';

/** Members' pictures: Bot Folk faces (drawn at 400px), scaled down. */
const AVATAR_SIZE = 256;

/**
 * A demo member's picture: the Bot Folk individual their email draws (the same on every fresh start),
 * with the member's gender gene and, for women, no beard. The seed draws every member's; the owner's
 * `reset-guest` draws the guest's again.
 */
export async function demoMemberAvatar(member: DemoMember): Promise<EncodedImage> {
  const face = faceFromSeed(member.email, member.gender ? { gender: member.gender, facialHair: 'none' } : { gender: member.gender });
  const buffer = await sharp(Buffer.from(face)).resize(AVATAR_SIZE, AVATAR_SIZE).png().toBuffer();
  return { buffer, extension: 'png', width: AVATAR_SIZE, height: AVATAR_SIZE };
}
