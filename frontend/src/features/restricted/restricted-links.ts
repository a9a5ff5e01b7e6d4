// The restricted area's own page; the Citadel's links are the owner's (the site's settings).
export const VIDEO_TEST_PATH = '/ll1l1l1ll/test';
