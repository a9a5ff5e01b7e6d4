import { describe, expect, it } from 'vitest';
import { assumedViewportWidth, DESKTOP_WIDTH, PHONE_WIDTH, TABLET_WIDTH } from './assumed-viewport';

describe('the viewport width a server render assumes', () => {
  it.each([
    ['an Android phone', 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36', PHONE_WIDTH],
    ['an iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', PHONE_WIDTH],
    ['an Android tablet', 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/156.0 Safari/537.36', TABLET_WIDTH],
    ['an iPad asking as a tablet', 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', TABLET_WIDTH],
    ['desktop Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36', DESKTOP_WIDTH],
    ['no user agent', undefined, DESKTOP_WIDTH],
  ])('%s', (_, userAgent, width) => {
    expect(assumedViewportWidth(userAgent)).toBe(width);
  });

  it("trusts Chromium's Sec-CH-UA-Mobile hint over the user agent", () => {
    expect(assumedViewportWidth('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0', '?1')).toBe(PHONE_WIDTH);
    expect(assumedViewportWidth('Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/156.0 Mobile Safari/537.36', '?0')).toBe(TABLET_WIDTH);
    expect(assumedViewportWidth('Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/156.0', '?0')).toBe(TABLET_WIDTH);
    expect(assumedViewportWidth('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0', '?0')).toBe(DESKTOP_WIDTH);
  });
});
