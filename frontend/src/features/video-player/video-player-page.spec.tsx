import { configure, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 8000 });

beforeAll(async () => {
  await import('./video-player-page');
  await import('react-player');
});

/** react-player renders a plain <video> for a file URL, once its lazily loaded code has arrived. */
async function findVideo() {
  await screen.findByRole('heading', { level: 1, name: 'Video Player' });
  return waitFor(() => {
    const video = screen.getByRole('main').querySelector('video');
    expect(video).not.toBeNull();
    return video as HTMLVideoElement;
  });
}

describe('/ll1l1l1ll/test', { timeout: 20_000 }, () => {
  it('plays the sample clip in react-player, with controls and its poster', async () => {
    renderApp('/ll1l1l1ll/test');
    const video = await findVideo();

    expect(video).toHaveAttribute('src', '/assets/projects/vid/sample-clip.webm');
    expect(video.controls).toBe(true);
    expect(video.poster).toMatch(/\/assets\/projects\/vid\/sample-clip\.jpg$/);
    expect(video).toHaveAttribute('preload', 'metadata');
  });

  it('is 640 by 360 by default, and narrower screens scale it down keeping the shape', async () => {
    renderApp('/ll1l1l1ll/test');
    const video = await findVideo();

    // The box the player fills: the video takes all of it.
    const box = video.parentElement as HTMLElement;
    const style = getComputedStyle(box);
    expect(style.width).toBe('640px');
    expect(style.maxWidth).toBe('100%');
    expect(style.getPropertyValue('aspect-ratio')).toMatch(/^640 ?\/ ?360$/);
    expect(video.style.width).toBe('100%');
    expect(video.style.height).toBe('100%');
  });
});
