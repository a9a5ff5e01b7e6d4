import { FIELD_MESSAGES, SOCIAL_LIMITS } from '@atelier/contracts';
import { z } from 'zod';
import { AppError } from '../../common/errors/app-error';
import { parseInput } from '../../common/validation/zod-validation.pipe';
import type { UploadedPicture } from './image-upload';

// Separators, parent references and control characters: a name with any of them is refused outright,
// although stored names are always generated, because no honest client sends one.
const hasPathCharacters = (name: string) =>
  /[/\\]|\.\./.test(name) || [...name].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * Why a client's file name is refused, or undefined when it is a plain name. Longer names than any
 * file system keeps are refused too: the name is never stored, but every string has a limit.
 */
export function fileNameProblem(name: string): string | undefined {
  if (name.length > SOCIAL_LIMITS.fileName) return FIELD_MESSAGES.tooLong(SOCIAL_LIMITS.fileName);
  if (hasPathCharacters(name)) return 'must not contain path characters or control characters';
  return undefined;
}

/** A client-side file name: accepted only as a plain name, and never used as a path. */
export const clientFileName = z.string().superRefine((name, context) => {
  const problem = fileNameProblem(name);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

const uploadedPicture = z.custom<UploadedPicture>((value) => typeof value === 'object' && value !== null && 'buffer' in value, {
  error: FIELD_MESSAGES.required,
});

/** The uploaded file of a picture field (undefined when none was sent). */
export function pictureFileField<R extends boolean>({ required }: { required: R }) {
  const file = uploadedPicture.superRefine((picture, context) => {
    const problem = fileNameProblem(picture.originalname);
    if (problem) context.addIssue({ code: 'custom', message: `file name ${problem}` });
  });
  return (required ? file : file.optional()) as R extends true ? typeof file : z.ZodOptional<typeof file>;
}

/** The file an admin upload must carry in `field` (`picture`, `video`), its name checked; a clear 400 without one. */
export function requiredUploadedFile(file: UploadedPicture | undefined, field = 'picture'): UploadedPicture {
  if (!file) {
    throw new AppError('VALIDATION_FAILED', `Send the ${field} as a file in the "${field}" field`, [{ field, message: 'is required' }]);
  }
  return parseInput(z.object({ [field]: pictureFileField({ required: true }) }), { [field]: file })[field];
}
