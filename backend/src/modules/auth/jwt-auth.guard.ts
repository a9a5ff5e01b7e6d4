import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import type { FastifyRequest as Request } from 'fastify';
import type { AuthenticatedMember } from '../../common/decorators/current-member.decorator';
import { IS_PUBLIC } from '../../common/decorators/public.decorator';
import { AppError } from '../../common/errors/app-error';
import { ActiveMembersCache, type TokenStanding } from './active-members.cache';

const MEMBER_ID = /^[0-9a-f-]{36}$/i;

/**
 * What the API's tokens claim: the member and their token version when issued (absent: 0). Their `sbx`
 * (a guest sandbox) is not read: the member's row says that, so no older token can claim otherwise.
 */
interface MemberClaims {
  sub?: unknown;
  ver?: unknown;
}

/** `Authorization: <scheme> <token>` with the scheme `Bearer` in any case, as passport-jwt read it. */
function bearerToken(request: Request): string | undefined {
  const [, scheme, token] = /(\S+)\s+(\S+)/.exec(request.headers.authorization ?? '') ?? [];
  return scheme?.toLowerCase() === 'bearer' ? token : undefined;
}

/** Lets the request through as the member `id`, or says why its token no longer stands. */
function admit(request: Request & { user?: AuthenticatedMember }, id: string, standing: TokenStanding): true {
  if (standing === 'no-member') throw new AppError('UNAUTHORIZED', 'The account of this token no longer exists');
  if (standing === 'revoked') throw new AppError('UNAUTHORIZED', 'This session was ended by the site owner; sign in again');
  if (standing === 'guest-template') {
    throw new AppError('UNAUTHORIZED', 'This token is for the guest account itself, which cannot act; sign in as the guest again to get a sandbox of your own');
  }
  request.user = { id, sandboxed: standing === 'sandbox' };
  return true;
}

/**
 * Registered globally: a route is members-only unless it says @Public(). The token's signature
 * (HS256 only) and expiry are verified, then that its member still exists and is not disabled (the
 * owner's removal or disabling signs out); every failure is a 401 whose message says what to do.
 * It verifies through @nestjs/jwt directly: passport's strategy machinery around the same check
 * cost about a fifth of the feed's throughput.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly members: ActiveMembersCache,
  ) {}

  /** @Public() of each controller's handlers, read once: decorators do not change after start. */
  private readonly publicRoutes = new WeakMap<object, WeakMap<object, boolean>>();

  private isPublic(context: ExecutionContext): boolean {
    const [controller, handler] = [context.getClass(), context.getHandler()];
    let handlers = this.publicRoutes.get(controller);
    if (!handlers) this.publicRoutes.set(controller, (handlers = new WeakMap()));
    let isPublic = handlers.get(handler);
    if (isPublic === undefined) {
      isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [handler, controller]) === true;
      handlers.set(handler, isPublic);
    }
    return isPublic;
  }

  /** Synchronous when the member was seen lately (nearly every request): no promise to wait for. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (this.isPublic(context)) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedMember }>();
    const { id, version } = this.verifiedClaims(request);
    const known = MEMBER_ID.test(id) ? this.members.knownStanding(id, version) : 'no-member';
    if (known) return admit(request, id, known);
    return this.members.standing(id, version).then((standing) => admit(request, id, standing));
  }

  private verifiedClaims(request: Request): { id: string; version: number } {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'Sign in to do this: the request has no bearer token');
    let claims: MemberClaims;
    try {
      claims = this.jwt.verify<MemberClaims>(token);
    } catch (error) {
      if (error instanceof TokenExpiredError) throw new AppError('UNAUTHORIZED', 'The session has expired; sign in again');
      throw new AppError('UNAUTHORIZED', 'The bearer token is not valid; sign in again');
    }
    const { sub: subject, ver: version = 0 } = claims;
    if (!Number.isSafeInteger(version)) throw new AppError('UNAUTHORIZED', 'The bearer token is not valid; sign in again');
    // Any other subject names no member of ours (MEMBER_ID does not match it).
    const id = typeof subject === 'string' ? subject : '';
    return { id, version: version as number };
  }
}
