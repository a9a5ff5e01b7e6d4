// Half of a deliberate import cycle for lint-boundaries.spec.ts; the normal lint run skips this folder.
import { cycleB } from './cycle-b';

export const cycleA = () => cycleB;
