import { decodeCursor, encodeCursor } from './feed-cursor';

describe('feed cursor', () => {
  const position = { createdAt: new Date('2026-03-04T05:06:07.089Z'), id: '0b9df5f9-b854-4743-8ab3-4fa629ab5259' };

  it('round-trips a position to the millisecond', () => {
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it('takes the last millisecond of year 9999', () => {
    const latest = { createdAt: new Date('9999-12-31T23:59:59.999Z'), id: position.id };
    expect(decodeCursor(encodeCursor(latest))).toEqual(latest);
  });

  it('is opaque and URL-safe', () => {
    expect(encodeCursor(position)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ['empty', ''],
    ['not base64 of a position', 'hello'],
    ['a bad id', Buffer.from('1700000000000.not-a-uuid').toString('base64url')],
    ['a bad time', Buffer.from(`soon.${position.id}`).toString('base64url')],
    ['extra parts', Buffer.from(`1.${position.id}.x`).toString('base64url')],
    ['a time past year 9999', Buffer.from(`${Date.UTC(10000, 0, 1)}.${position.id}`).toString('base64url')],
    ['the latest time 15 digits write', Buffer.from(`999999999999999.${position.id}`).toString('base64url')],
  ])('refuses %s', (_label, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });
});
