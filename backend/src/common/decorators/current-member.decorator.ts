import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/**
 * What the sign-in guard puts on the request, from the verified token: the member's id, and whether
 * the member is a guest sandbox (auth/guest-sandboxes.ts), whose rows nobody else reads.
 */
export interface AuthenticatedMember {
  id: string;
  sandboxed: boolean;
}

/** The acting member; never taken from the body or the URL. */
export const CurrentMember = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedMember => {
  const request = context.switchToHttp().getRequest<{ user?: AuthenticatedMember }>();
  if (!request.user) throw new Error('CurrentMember used on a route without the sign-in guard');
  return request.user;
});

/**
 * The sandbox whose rows a reader sees besides everyone's: a guest's own, none for a member (whose
 * own rows are everyone's anyway). Reads pass it to their statements as `sandbox`.
 */
export const readableSandbox = (member: AuthenticatedMember): string | null => (member.sandboxed ? member.id : null);
