import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { ExtractJwt } from 'passport-jwt';
import { ActiveMembersCache } from './active-members.cache';

/** `Authorization: Bearer <token>`, read as passport-jwt reads it (the strategy uses this one too). */
export const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

const MAX_ENTRIES = 50_000;

/**
 * Bearer tokens that passport-jwt has already verified (signature, algorithm, expiry), each with its
 * member and expiry. The feed's fast lane answers only to these, so it never checks a signature
 * itself: a token it has not seen goes through the guard, which verifies it and remembers it here.
 */
@Injectable()
export class VerifiedTokens {
  private tokens = new Map<string, { memberId: string; expiresAt: number }>();

  constructor(private readonly members: ActiveMembersCache) {}

  /** Called by the strategy once a token verified and its member is active; `exp` in seconds. */
  remember(token: string, memberId: string, exp: unknown): void {
    if (typeof exp !== 'number') return; // every token the API signs expires; others go the long way
    if (this.tokens.size >= MAX_ENTRIES) this.tokens = new Map();
    this.tokens.set(token, { memberId, expiresAt: exp });
  }

  /**
   * The member of the request's token if that token is remembered and unexpired and its member is
   * known to be active, else undefined (and the request should go through the guard). Expiry as
   * jsonwebtoken judges it: expired from the second `exp` on.
   */
  activeMemberOf(request: IncomingMessage): string | undefined {
    const token = bearerToken(request);
    const entry = token ? this.tokens.get(token) : undefined;
    if (!token || !entry) return undefined;
    if (Math.floor(Date.now() / 1000) >= entry.expiresAt) {
      this.tokens.delete(token);
      return undefined;
    }
    return this.members.isKnownActive(entry.memberId) ? entry.memberId : undefined;
  }
}
