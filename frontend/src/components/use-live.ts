import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/** False on the server and while the browser hydrates the server's page; true once the page is live. */
export const useLive = (): boolean => useSyncExternalStore(subscribeNever, () => true, () => false);
