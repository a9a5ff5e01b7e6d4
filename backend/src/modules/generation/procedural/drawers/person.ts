// People: a head-and-shoulders portrait with a real face, or a small standing figure in a scene.
import type { Rgb } from '../prompt-reading';
import { hex, mix, shade } from '../svg';
import { lit } from './canvas';
import type { Drawer } from './figures';

const SKIN: readonly Rgb[] = [
  [241, 204, 178],
  [224, 172, 130],
  [182, 124, 86],
  [128, 82, 56],
  [92, 60, 42],
];
const HAIR: readonly Rgb[] = [
  [40, 28, 22],
  [96, 60, 34],
  [196, 150, 86],
  [150, 60, 30],
  [22, 20, 24],
];
const CLOTHES: readonly Rgb[] = [
  [60, 80, 130],
  [140, 40, 50],
  [50, 100, 80],
  [200, 170, 90],
  [70, 60, 80],
];

export const person: Drawer = (canvas, element, plan) => {
  const { random } = canvas;
  const old = plan.age === 'old';
  const skin = lit(canvas, random.pick(SKIN));
  const hair = lit(canvas, old ? [206, 206, 210] : random.pick(HAIR));
  const cloth = lit(canvas, mix(random.pick(CLOTHES), plan.palette.accent, 0.3));
  const longHair = random.chance(0.55);
  if (element.role !== 'hero' || !plan.portrait) return figure(skin, hair, cloth, longHair);

  // Units: the head is about 22 wide, centred at (0, -80); shoulders below it, off the frame.
  const s = hex(skin);
  const shadow = hex(shade(skin, -0.18));
  const h = hex(hair);
  const iris = hex(lit(canvas, random.pick([[70, 110, 160], [90, 60, 40], [70, 120, 80]] as Rgb[])));
  const eye = (x: number): string =>
    `<ellipse cx="${x}" cy="-80" rx="3.4" ry="1.9" fill="#fbf8f2"/><circle cx="${x + 0.3}" cy="-80" r="1.5" fill="${iris}"/><circle cx="${x + 0.3}" cy="-80" r="0.7" fill="#141010"/><circle cx="${x + 0.8}" cy="-80.6" r="0.35" fill="#fff"/>` +
    `<path d="M${x - 3.6},-80.2 Q${x},-83.2 ${x + 3.6},-80.2" fill="none" stroke="#2a1a14" stroke-width="0.7"/>`;
  const wrinkles = old
    ? `<g fill="none" stroke="${hex(shade(skin, -0.3))}" stroke-width="0.4" stroke-opacity="0.8"><path d="M-6,-89 q6,-1.5 12,0 M-5,-87.5 q5,-1 10,0 M-11,-79 l-1.6,-0.8 M-11,-78 l-1.8,0.4 M11,-79 l1.6,-0.8 M11,-78 l1.8,0.4 M-5.5,-70.5 q-1.5,3 0.5,5 M5.5,-70.5 q1.5,3 -0.5,5"/></g>`
    : '';
  return (
    // Hair behind the head, shoulders and clothes, neck, face, ears, features, hair in front.
    (longHair ? `<path d="M-15,-84 C-18,-60 -20,-50 -24,-44 L24,-44 C20,-50 18,-60 15,-84Z" fill="${h}"/>` : '') +
    `<path d="M-44,0 C-44,-30 -30,-44 -8,-50 L8,-50 C30,-44 44,-30 44,0Z" fill="${hex(cloth)}"/>` +
    `<path d="M-8,-50 L0,-38 L8,-50Z" fill="${hex(shade(cloth, -0.35))}"/>` +
    `<path d="M-6,-66 L-6,-50 Q0,-46 6,-50 L6,-66Z" fill="${shadow}"/>` +
    `<ellipse cx="-12.5" cy="-78" rx="2.6" ry="4.2" fill="${s}"/><ellipse cx="12.5" cy="-78" rx="2.6" ry="4.2" fill="${s}"/>` +
    `<path d="M-12,-86 C-12,-96 12,-96 12,-86 L12,-76 C12,-66 6,-61 0,-61 C-6,-61 -12,-66 -12,-76Z" fill="${s}"/>` +
    `<path d="M6,-92 C12,-90 12,-80 11,-74 C9,-66 5,-62 1,-61 C6,-66 9,-74 6,-92Z" fill="${shadow}" fill-opacity="0.5"/>` +
    `<ellipse cx="-7" cy="-73" rx="2.6" ry="1.6" fill="#e07a7a" fill-opacity="0.25"/><ellipse cx="7" cy="-73" rx="2.6" ry="1.6" fill="#e07a7a" fill-opacity="0.25"/>` +
    eye(-5.5) +
    eye(5.5) +
    `<path d="M-8.5,-84.5 q3,-1.8 6,-0.4 M8.5,-84.5 q-3,-1.8 -6,-0.4" fill="none" stroke="${hex(shade(hair, -0.2))}" stroke-width="0.9" stroke-linecap="round"/>` +
    `<path d="M0,-80 L-1.6,-72.5 Q0,-71.5 1.8,-72.5" fill="none" stroke="${hex(shade(skin, -0.35))}" stroke-width="0.6"/>` +
    `<path d="M-3.8,-67.6 Q0,-69 3.8,-67.6 Q0,-65 -3.8,-67.6Z" fill="${hex(mix(skin, [180, 60, 70], 0.5))}"/>` +
    `<path d="M-3.8,-67.6 Q0,-66.6 3.8,-67.6" fill="none" stroke="${hex(shade(skin, -0.45))}" stroke-width="0.5"/>` +
    wrinkles +
    `<path d="M-13,-80 C-15,-96 -4,-100 2,-98 C10,-98 15,-92 13,-80 C12,-86 8,-90 2,-90 C-4,-89 -10,-88 -13,-80Z" fill="${h}"/>` +
    (old ? `<g fill="none" stroke="#2a2a30" stroke-width="0.7"><circle cx="-5.5" cy="-80" r="3.4"/><circle cx="5.5" cy="-80" r="3.4"/><path d="M-2.1,-80 h4.2"/></g>` : '')
  );
};

/** A standing figure, seen from a distance: head, hair, coat, legs. */
function figure(skin: Rgb, hair: Rgb, cloth: Rgb, longHair: boolean): string {
  return (
    `<ellipse cx="0" cy="0" rx="20" ry="3" fill="#000" fill-opacity="0.25"/>` +
    `<rect x="-7" y="-44" width="6" height="44" rx="3" fill="${hex(shade(cloth, -0.5))}"/><rect x="1" y="-44" width="6" height="44" rx="3" fill="${hex(shade(cloth, -0.5))}"/>` +
    `<path d="M-14,-36 L-10,-72 Q0,-78 10,-72 L14,-36Z" fill="${hex(cloth)}"/>` +
    `<path d="M-10,-70 L-16,-40 M10,-70 L16,-40" stroke="${hex(cloth)}" stroke-width="5" stroke-linecap="round"/>` +
    `<circle cx="0" cy="-86" r="10" fill="${hex(skin)}"/>` +
    `<path d="M-10,-86 Q-10,-98 0,-98 Q10,-98 10,-86 Q6,-92 0,-92 Q-6,-92 -10,-86Z" fill="${hex(hair)}"/>` +
    (longHair ? `<path d="M-10,-88 L-11,-70 L-6,-72 L-7,-86Z M10,-88 L11,-70 L6,-72 L7,-86Z" fill="${hex(hair)}"/>` : '') +
    `<circle cx="3.5" cy="-87" r="1.2" fill="#1a1414"/><circle cx="-2.5" cy="-87" r="1.2" fill="#1a1414"/><path d="M-2,-81.5 q2,1.5 4,0" fill="none" stroke="#6a3030" stroke-width="0.9"/>`
  );
}
