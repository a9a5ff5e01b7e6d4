import { FIELD_MESSAGES, SOCIAL_LIMITS } from '@atelier/contracts';
import { z } from 'zod';
import type { UploadedPicture } from './image-upload';

// Separators, parent references and control characters: a name with any of them is refused outright,
// although stored names are always generated, because no honest client sends one.
const hasPathCharacters = (name: string) =>
  /[/\\]|\.\./.test(name) || [...name].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** A client-side file name: accepted only as a plain name, and never used as a path. */
export const clientFileName = z
  .string()
  .max(SOCIAL_LIMITS.fileName, FIELD_MESSAGES.tooLong(SOCIAL_LIMITS.fileName))
  .refine((name) => !hasPathCharacters(name), 'must be a file name without path characters');

const uploadedPicture = z.custom<UploadedPicture>((value) => typeof value === 'object' && value !== null && 'buffer' in value, {
  error: FIELD_MESSAGES.required,
});

/** The multer file of a picture field (multer leaves it undefined when none was sent). */
export function pictureFileField<R extends boolean>({ required }: { required: R }) {
  const file = uploadedPicture.superRefine((picture, context) => {
    if (hasPathCharacters(picture.originalname)) {
      context.addIssue({ code: 'custom', message: 'file name must not contain path characters' });
    }
  });
  return (required ? file : file.optional()) as R extends true ? typeof file : z.ZodOptional<typeof file>;
}
