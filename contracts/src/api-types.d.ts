// `@atelier/contracts/api-types`: the API's routes as TypeScript types (generated/atelier-api.d.ts,
// from the server's OpenAPI document), for the typed clients of the CLI and the frontend. Types
// only: nothing here exists at run time, so the package's build has nothing to emit for it.
import type { paths } from './generated/atelier-api';

/** The routes as a client names them under its API base (`…/api`): `/health`, not `/api/health`. */
export type ApiRoutes = { [P in keyof paths as P extends `/api${infer Rest}` ? Rest : never]: paths[P] };
