// Machines, each about 100 units tall, standing on (0, 0) and facing right.
import type { Rgb } from '../prompt-reading';
import { between, hex, hsl, r, shade } from '../svg';
import { lit } from './canvas';
import type { Drawer } from './figures';

const PAINT: readonly Rgb[] = [
  [200, 50, 50],
  [40, 110, 190],
  [240, 190, 40],
  [60, 150, 110],
  [230, 230, 232],
];

/** A soft glow behind a lamp: cheaper than a blur filter, and it works at any scale. */
export const halo = (x: number, y: number, size: number, colour: string, opacity = 0.35): string =>
  [3, 2, 1.4].map((k) => `<circle cx="${r(x)}" cy="${r(y)}" r="${r(size * k)}" fill="${colour}" fill-opacity="${r(opacity / k)}"/>`).join('');

export const robot: Drawer = (canvas, _element, plan) => {
  const { random } = canvas;
  const old = plan.age === 'old';
  const metal = lit(canvas, old ? [150, 140, 122] : random.pick([[176, 186, 198], [220, 140, 60], [90, 140, 190], [236, 236, 240]] as Rgb[]));
  const body = hex(metal);
  const dark = hex(shade(metal, -0.4));
  const light = hex(shade(metal, 0.3));
  const glow = old ? '#ffb43c' : random.pick(['#5ff2ff', '#7dff8a', '#ff5a6e']);
  const rust = old ? `<g fill="#8a4a22" fill-opacity="0.7"><ellipse cx="-12" cy="-46" rx="7" ry="4"/><ellipse cx="14" cy="-36" rx="5" ry="6"/><ellipse cx="-9" cy="-80" rx="4" ry="2.5"/><ellipse cx="11" cy="-20" rx="3" ry="5"/></g><path d="M8,-90 l3,5 l-2,4 l3,4" fill="none" stroke="${dark}" stroke-width="0.8"/><g fill="#5a7a34" fill-opacity="0.8"><ellipse cx="-16" cy="-62" rx="5" ry="2"/><ellipse cx="15" cy="-97.5" rx="6" ry="2"/></g>` : '';
  return (
    // Legs and feet, arms, torso with a chest panel, neck, head with eyes, mouth grill and antenna.
    `<rect x="-15" y="-30" width="10" height="28" fill="${dark}"/><rect x="5" y="-30" width="10" height="28" fill="${dark}"/>` +
    `<rect x="-20" y="-4" width="18" height="5" rx="2" fill="${body}"/><rect x="2" y="-4" width="18" height="5" rx="2" fill="${body}"/>` +
    `<rect x="-31" y="-62" width="8" height="30" rx="4" fill="${dark}"/><rect x="23" y="-62" width="8" height="30" rx="4" fill="${dark}"/>` +
    `<path d="M-33,-32 l-3,7 M-25,-32 l3,7 M33,-32 l3,7 M25,-32 l-3,7" stroke="${body}" stroke-width="3" stroke-linecap="round"/>` +
    `<rect x="-24" y="-66" width="48" height="40" rx="6" fill="${body}"/><rect x="-24" y="-66" width="48" height="6" rx="3" fill="${light}"/>` +
    `<rect x="-14" y="-56" width="28" height="18" rx="3" fill="${dark}"/>` +
    `<circle cx="-7" cy="-47" r="3" fill="${glow}"/><circle cx="1" cy="-47" r="3" fill="#ffd23c"/><rect x="6" y="-50" width="5" height="7" fill="${light}"/>` +
    `<rect x="-5" y="-72" width="10" height="7" fill="${dark}"/>` +
    `<rect x="-20" y="-98" width="40" height="28" rx="6" fill="${body}"/><rect x="-20" y="-98" width="40" height="5" rx="2.5" fill="${light}"/>` +
    `<rect x="-23" y="-89" width="4" height="10" rx="1.5" fill="${dark}"/><rect x="19" y="-89" width="4" height="10" rx="1.5" fill="${dark}"/>` +
    `<path d="M0,-98 L0,-110" stroke="${dark}" stroke-width="2"/>` +
    halo(0, -112, 3.2, glow) +
    `<circle cx="0" cy="-112" r="3.2" fill="${glow}"/>` +
    `<circle cx="-9" cy="-86" r="6" fill="${dark}"/><circle cx="9" cy="-86" r="6" fill="${dark}"/>` +
    halo(-9, -86, 4.2, glow, 0.25) +
    halo(9, -86, 4.2, glow, old ? 0.1 : 0.25) +
    `<circle cx="-9" cy="-86" r="4.2" fill="${glow}"/><circle cx="9" cy="-86" r="4.2" fill="${glow}" fill-opacity="${old ? 0.45 : 1}"/>` +
    `<circle cx="-8" cy="-87.5" r="1.3" fill="#ffffff"/>` +
    `<rect x="-10" y="-78" width="20" height="5" rx="1.5" fill="${dark}"/><path d="M-6,-78 v5 M-2,-78 v5 M2,-78 v5 M6,-78 v5" stroke="${light}" stroke-width="0.8"/>` +
    rust
  );
};

export const car: Drawer = (canvas, _element, plan) => {
  const paint = lit(canvas, canvas.random.pick(PAINT));
  const body = hex(paint);
  const glass = hex(lit(canvas, [150, 190, 220]));
  const night = plan.palette.night > 0.3;
  const wheel = (x: number): string =>
    `<circle cx="${x}" cy="-14" r="14" fill="#1c1c22"/><circle cx="${x}" cy="-14" r="7" fill="#b8bcc4"/><circle cx="${x}" cy="-14" r="2.5" fill="#4a4c54"/>`;
  return (
    `<ellipse cx="0" cy="0" rx="110" ry="5" fill="#000" fill-opacity="0.3"/>` +
    `<path d="M-112,-18 L-112,-44 Q-110,-52 -96,-54 L-60,-58 L-36,-84 Q-30,-90 -18,-90 L34,-90 Q46,-90 54,-82 L76,-58 L104,-52 Q114,-48 114,-36 L114,-18Z" fill="${body}"/>` +
    `<path d="M-52,-60 L-32,-82 L-6,-82 L-6,-60Z M2,-60 L2,-82 L32,-82 Q40,-82 46,-76 L62,-60Z" fill="${glass}"/>` +
    `<path d="M-112,-40 L114,-40" stroke="${hex(shade(paint, -0.3))}" stroke-width="2"/>` +
    `<rect x="-10" y="-54" width="10" height="3" rx="1.5" fill="${hex(shade(paint, -0.4))}"/>` +
    (night ? `<path d="M112,-46 L240,-66 L240,-10Z" fill="#fff3c0" fill-opacity="0.18"/>` + halo(110, -44, 5, '#fff3c0', 0.4) : '') +
    `<rect x="106" y="-48" width="8" height="7" rx="2" fill="#fff6d0"/><rect x="-114" y="-48" width="6" height="8" rx="2" fill="#e03030"/>` +
    wheel(-70) +
    wheel(72)
  );
};

export const rocket: Drawer = (canvas) => {
  const paint = hex(lit(canvas, [236, 236, 240]));
  const trim = hex(lit(canvas, canvas.random.pick([[210, 50, 50], [40, 110, 200], [240, 160, 40]] as Rgb[])));
  return (
    `<g transform="rotate(${r(between(canvas.random, -14, 14))} 0 -50)">` +
    `<path d="M-8,10 Q0,60 8,10Z" fill="#ffd24a"/><path d="M-12,4 Q0,40 12,4Z" fill="#ff8a2a" fill-opacity="0.9"/>` +
    halo(0, 14, 14, '#ffb040', 0.4) +
    `<path d="M-18,-8 L-30,8 L-30,-22 L-18,-36Z M18,-8 L30,8 L30,-22 L18,-36Z" fill="${trim}"/>` +
    `<path d="M-18,0 L-18,-70 Q-16,-110 0,-128 Q16,-110 18,-70 L18,0Z" fill="${paint}"/>` +
    `<path d="M-15,-100 Q-8,-120 0,-128 Q8,-120 15,-100Z" fill="${trim}"/>` +
    `<path d="M6,0 L6,-70 Q8,-100 12,-106 Q18,-90 18,-70 L18,0Z" fill="#000" fill-opacity="0.12"/>` +
    `<circle cx="0" cy="-70" r="9" fill="${trim}"/><circle cx="0" cy="-70" r="6.5" fill="#7fd0ff"/><circle cx="-2" cy="-72" r="2" fill="#fff"/>` +
    `<rect x="-4" y="-36" width="8" height="36" fill="${trim}"/><rect x="-12" y="0" width="24" height="5" fill="#555a66"/></g>`
  );
};

export const train: Drawer = (canvas, _element, plan) => {
  const paint = lit(canvas, canvas.random.pick([[180, 40, 40], [30, 90, 60], [30, 50, 110]] as Rgb[]));
  const body = hex(paint);
  const dark = hex(shade(paint, -0.5));
  const steel = hex(lit(canvas, [40, 40, 46]));
  const wheels = (xs: number[], size: number): string => xs.map((x) => `<circle cx="${x}" cy="${-size}" r="${size}" fill="${steel}"/><circle cx="${x}" cy="${-size}" r="${size * 0.4}" fill="#9a9aa4"/>`).join('');
  let windows = '';
  for (const car of [-190, -100]) for (let k = 0; k < 4; k++) windows += `<rect x="${car + 12 + k * 19}" y="-70" width="12" height="16" rx="2"/>`;
  let smoke = '';
  for (let i = 0; i < 5; i++) smoke += `<circle cx="${r(70 - i * 26)}" cy="${r(-132 - i * 14)}" r="${r(10 + i * 5)}"/>`;
  const lit1 = plan.palette.night > 0.3 ? '#ffd890' : hex(lit(canvas, [170, 200, 220]));
  return (
    `<rect x="-230" y="2" width="360" height="4" fill="#5a4a3a"/><rect x="-230" y="-2" width="360" height="3" fill="#9aa0a8"/>` +
    `<g fill="${hex(lit(canvas, [236, 236, 236]))}" fill-opacity="0.6">${smoke}</g>` +
    `<rect x="-196" y="-82" width="86" height="64" rx="6" fill="${body}"/><rect x="-106" y="-82" width="86" height="64" rx="6" fill="${body}"/>` +
    `<rect x="-198" y="-88" width="90" height="8" rx="3" fill="${dark}"/><rect x="-108" y="-88" width="90" height="8" rx="3" fill="${dark}"/>` +
    `<g fill="${lit1}">${windows}</g>` +
    `<rect x="-12" y="-66" width="90" height="48" rx="18" fill="${body}"/>` +
    `<rect x="-16" y="-104" width="44" height="86" rx="4" fill="${body}"/><rect x="-20" y="-110" width="52" height="8" rx="2" fill="${dark}"/>` +
    `<rect x="-8" y="-96" width="26" height="22" rx="2" fill="${lit1}"/>` +
    `<rect x="50" y="-110" width="14" height="44" fill="${dark}"/><rect x="46" y="-116" width="22" height="8" rx="2" fill="${dark}"/>` +
    `<path d="M78,-26 L100,-6 L78,-6Z" fill="${dark}"/>` +
    `<circle cx="80" cy="-52" r="6" fill="#fff0b0"/>` +
    wheels([-180, -126, -90, -36], 9) +
    wheels([6, 36, 64], 13)
  );
};

export const boat: Drawer = (canvas) => {
  const hullColour = lit(canvas, canvas.random.pick([[150, 50, 40], [40, 60, 110], [236, 236, 236], [120, 80, 50]] as Rgb[]));
  const sail = hex(lit(canvas, [248, 244, 232]));
  const flag = hex(lit(canvas, hsl(between(canvas.random, 0, 360), 80, 50)));
  return (
    `<path d="M-50,-24 L54,-24 L40,-2 L-40,-2Z" fill="${hex(hullColour)}"/>` +
    `<path d="M-50,-24 L54,-24 L52,-20 L-48,-20Z" fill="${hex(shade(hullColour, 0.35))}"/>` +
    `<rect x="-2" y="-108" width="3.5" height="86" fill="${hex(lit(canvas, [90, 64, 40]))}"/>` +
    `<path d="M3,-104 Q30,-70 44,-30 L3,-30Z" fill="${sail}"/>` +
    `<path d="M-4,-96 Q-30,-60 -38,-32 L-4,-32Z" fill="${sail}" fill-opacity="0.92"/>` +
    `<path d="M3,-104 Q30,-70 44,-30" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="2"/>` +
    `<path d="M1.5,-108 L18,-114 L1.5,-118Z" fill="${flag}"/>` +
    `<path d="M-60,-1 q10,-4 20,0 t20,0 t20,0 t20,0 t20,0 t20,0" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="2"/>`
  );
};

export const airplane: Drawer = (canvas) => {
  const paint = hex(lit(canvas, [240, 240, 244]));
  const trim = hex(lit(canvas, canvas.random.pick([[200, 40, 40], [30, 80, 170], [240, 160, 30]] as Rgb[])));
  let windows = '';
  for (let x = -56; x < 60; x += 9) windows += `<circle cx="${x}" cy="-52" r="2.2"/>`;
  return (
    `<path d="M-10,-46 L-40,-8 L-24,-8 L26,-44Z" fill="${hex(lit(canvas, [190, 192, 200]))}"/>` +
    `<path d="M-100,-50 Q-100,-62 -80,-62 L80,-62 Q110,-60 118,-50 Q110,-40 80,-38 L-80,-38 Q-100,-38 -100,-50Z" fill="${paint}"/>` +
    `<path d="M-84,-60 L-104,-100 L-86,-100 L-60,-60Z" fill="${trim}"/>` +
    `<path d="M-96,-50 L-114,-44 L-84,-44Z" fill="${trim}"/>` +
    `<path d="M-10,-54 L-30,-96 L-16,-96 L24,-56Z" fill="${hex(lit(canvas, [214, 216, 222]))}"/>` +
    `<rect x="-6" y="-40" width="26" height="10" rx="5" fill="${hex(lit(canvas, [150, 152, 160]))}"/>` +
    `<g fill="#3a5a7a">${windows}</g><path d="M102,-56 L112,-52 L102,-50Z" fill="#3a5a7a"/>` +
    `<path d="M-100,-45 L118,-47" stroke="${trim}" stroke-width="3"/>`
  );
};
