// The other half of the cycle (see cycle-a.ts).
import { cycleA } from './cycle-a';

export const cycleB = () => cycleA;
