import type { IncomingMessage } from 'node:http';
import type { ActiveMembersCache } from './active-members.cache';
import { VerifiedTokens } from './verified-tokens';

const MEMBER = '0b7c6f1e-8a51-4d0b-9a57-3c2f1d9e4a10';
const withBearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } }) as IncomingMessage;

describe('VerifiedTokens', () => {
  let active: Set<string>;
  let tokens: VerifiedTokens;
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  beforeEach(() => {
    active = new Set([MEMBER]);
    tokens = new VerifiedTokens({ isKnownActive: (id: string) => active.has(id) } as ActiveMembersCache);
  });
  afterEach(() => jest.restoreAllMocks());

  it('answers the member of a remembered token, and nothing for any other request', () => {
    tokens.remember('header.payload.signature', MEMBER, nowSeconds() + 60);
    expect(tokens.activeMemberOf(withBearer('header.payload.signature'))).toBe(MEMBER);
    expect(tokens.activeMemberOf(withBearer('header.payload.other'))).toBeUndefined();
    expect(tokens.activeMemberOf({ headers: {} } as IncomingMessage)).toBeUndefined();
    expect(tokens.activeMemberOf({ headers: { authorization: 'Basic header.payload.signature' } } as IncomingMessage)).toBeUndefined();
  });

  it('stops answering from the second `exp` on, as jsonwebtoken judges expiry', () => {
    const exp = nowSeconds() + 10;
    tokens.remember('t', MEMBER, exp);
    jest.spyOn(Date, 'now').mockReturnValue(exp * 1000 - 1);
    expect(tokens.activeMemberOf(withBearer('t'))).toBe(MEMBER);
    jest.spyOn(Date, 'now').mockReturnValue(exp * 1000);
    expect(tokens.activeMemberOf(withBearer('t'))).toBeUndefined();
  });

  it('does not remember a token without an expiry', () => {
    tokens.remember('t', MEMBER, undefined);
    expect(tokens.activeMemberOf(withBearer('t'))).toBeUndefined();
  });

  it('answers nothing once the member is no longer known to be active', () => {
    tokens.remember('t', MEMBER, nowSeconds() + 60);
    active.clear();
    expect(tokens.activeMemberOf(withBearer('t'))).toBeUndefined();
  });
});
