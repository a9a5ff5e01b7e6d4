import { applyDecorators, RequestMethod, SetMetadata, UseGuards, type ExecutionContext } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedMember } from '../decorators/current-member.decorator';
import { ApiErrors } from '../openapi/api-zod.decorators';
import { clientAddressKey } from './client-address';

/** The named limits; a route takes part in one of them, through the decorators below. */
export const THROTTLERS = { auth: 'auth', generation: 'generation', writes: 'writes', contact: 'contact', admin: 'admin' } as const;
export type ThrottlerName = (typeof THROTTLERS)[keyof typeof THROTTLERS];

/** What a member writes, each counted apart: the name shows in the 429's message. */
export type MemberWrite = 'posts' | 'post edits' | 'post deletions' | 'comments' | 'likes' | 'friend changes';

const LIMIT_OF_ROUTE = 'atelier:rate-limit';
const WRITE_OF_ROUTE = 'atelier:member-write';
const reflector = new Reflector();

/** The limit a route (or its controller) takes part in, if any. */
export function limitOf(context: ExecutionContext): ThrottlerName | undefined {
  return reflector.getAllAndOverride<ThrottlerName | undefined>(LIMIT_OF_ROUTE, [context.getHandler(), context.getClass()]);
}

export function memberWriteOf(context: ExecutionContext): MemberWrite | undefined {
  return reflector.getAllAndOverride<MemberWrite | undefined>(WRITE_OF_ROUTE, [context.getHandler(), context.getClass()]);
}

/**
 * ThrottlerGuard whose 429 carries the standard Retry-After (seconds), beside the throttler's own
 * `Retry-After-<name>`: clients and proxies read the standard one.
 */
export class RateLimitGuard extends ThrottlerGuard {
  protected override throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    context.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(Math.max(1, detail.timeToBlockExpire)));
    return super.throwThrottlingException(context, detail);
  }
}

/**
 * Counts per signed-in member (the global JwtAuthGuard has run), not per address: members share NATs.
 * Guest sandboxes count per address instead (an IPv6 one by its /64), all of one address's together
 * (so at least per member too): each guest sign-in is a new member, and would otherwise bring a fresh allowance.
 */
export class MemberWritesGuard extends RateLimitGuard {
  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    const member = (request as unknown as FastifyRequest & { user?: AuthenticatedMember }).user;
    return Promise.resolve(member && !member.sandboxed ? `member:${member.id}` : `ip:${clientAddressKey(String(request.ip))}`);
  }
}

/**
 * Per client address, an IPv6 one by its /64: one subscriber's line has the whole block, and a sender
 * of spam would otherwise take a fresh address from it for each message.
 */
export class ClientAddressGuard extends RateLimitGuard {
  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    return Promise.resolve(`ip:${clientAddressKey(String(request.ip))}`);
  }
}

/** Per client IP (logins, registrations, generation starts). */
export const RateLimited = (name: Exclude<ThrottlerName, 'writes' | 'contact' | 'admin'>) =>
  applyDecorators(SetMetadata(LIMIT_OF_ROUTE, name), UseGuards(RateLimitGuard), ApiErrors(429));

/** Per member, MEMBER_WRITES_PER_MINUTE of each kind of write, shared by every API process through Redis. */
export const MemberWriteLimit = (write: MemberWrite) =>
  applyDecorators(SetMetadata(LIMIT_OF_ROUTE, THROTTLERS.writes), SetMetadata(WRITE_OF_ROUTE, write), UseGuards(MemberWritesGuard), ApiErrors(429));

/** Contact messages, CONTACT_MESSAGES_PER_IP_PER_HOUR per client address, shared by every API process through Redis. */
export const ContactLimit = () => applyDecorators(SetMetadata(LIMIT_OF_ROUTE, THROTTLERS.contact), UseGuards(ClientAddressGuard), ApiErrors(429));

/**
 * On an admin controller: each of its write routes (all but GET) counts against
 * ADMIN_WRITES_PER_MINUTE per client address, every admin write together; its reads do not count.
 * A class decorator runs after its methods' own, so their HTTP methods are known here.
 */
export const AdminWriteLimit = (): ClassDecorator => (target) => {
  const prototype = target.prototype as object;
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
    if (name === 'constructor' || typeof descriptor?.value !== 'function') continue;
    const method = Reflect.getMetadata(METHOD_METADATA, descriptor.value) as RequestMethod | undefined;
    if (method === undefined || method === RequestMethod.GET) continue;
    applyDecorators(SetMetadata(LIMIT_OF_ROUTE, THROTTLERS.admin), UseGuards(ClientAddressGuard), ApiErrors(429))(prototype, name, descriptor);
  }
};
