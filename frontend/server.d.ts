// The types of the package's `./server` export (package.json "exports"): the server render built by
// `vite build --ssr` from src/entry-server.tsx, as the backend imports it.
import type { ServerEntry } from '@atelier/contracts';

export declare const renderPage: ServerEntry['renderPage'];
