// One drawer per figure the renderer knows. Each draws in its own units (about 100 tall, standing
// on the origin, facing right); `drawFigure` places it where the plan says.
import type { Element } from '../prompt-reading';
import type { PlannedElement, ScenePlan } from '../scene-plan';
import { r } from '../svg';
import type { Canvas } from './canvas';
import { bird, cat, dog, dragon, fish, fox, owl } from './creatures';
import { airplane, boat, car, robot, rocket, train } from './machines';
import { book, bridge, castle, clock, crystal, cup, house, lantern, lighthouse, neon, tree } from './objects';
import { person } from './person';

export type Drawer = (canvas: Canvas, element: PlannedElement, plan: ScenePlan) => string;

const DRAWERS: Record<Element, Drawer> = {
  cat,
  dog,
  bird,
  fish,
  dragon,
  fox,
  owl,
  robot,
  car,
  rocket,
  train,
  boat,
  airplane,
  person,
  tree,
  house,
  book,
  cup,
  clock,
  lantern,
  crystal,
  castle,
  bridge,
  lighthouse,
  neon,
};

/**
 * The figure in a group named by its subject (from the names table, never the prompt), so a test
 * can find that each planned figure was drawn.
 */
export function drawFigure(canvas: Canvas, element: PlannedElement): void {
  const body = DRAWERS[element.subject](canvas, element, canvas.plan);
  const { x, y, scale, flip } = element;
  // Scales need three decimals: one would move a 9.6x figure by several pixels.
  const k = (value: number): string => String(Math.round(value * 1000) / 1000);
  const across = flip && element.subject !== 'neon' ? -scale : scale;
  canvas.layers.push(`<g data-subject="${element.subject}" transform="translate(${r(x)} ${r(y)}) scale(${k(across)} ${k(scale)})">${body}</g>`);
}
