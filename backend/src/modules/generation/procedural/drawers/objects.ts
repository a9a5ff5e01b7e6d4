// Things and buildings, each about 100 units tall, standing on (0, 0).
import type { Rgb } from '../prompt-reading';
import { between, hex, hsl, mix, r, shade } from '../svg';
import { lit } from './canvas';
import type { Drawer } from './figures';
import { halo } from './machines';

export const tree: Drawer = (canvas) => {
  const { random } = canvas;
  const leaf = lit(canvas, canvas.plan.settings.includes('snow') ? [220, 230, 236] : mix(hsl(between(random, 90, 130), 45, 34), canvas.plan.palette.accent, 0.1));
  const bark = hex(lit(canvas, [92, 64, 44]));
  let crown = '';
  let highlights = '';
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * Math.PI * 2;
    const x = Math.cos(a) * 28;
    const y = -70 + Math.sin(a) * 18;
    const size = between(random, 16, 22);
    crown += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(size)}"/>`;
    if (y < -68) highlights += `<circle cx="${r(x - 3)}" cy="${r(y - 4)}" r="${r(size * 0.6)}"/>`;
  }
  return (
    `<ellipse cx="0" cy="0" rx="44" ry="5" fill="#000" fill-opacity="0.25"/>` +
    `<path d="M-7,0 L-5,-50 L-22,-68 L-18,-70 L-3,-58 L-2,-78 L2,-78 L3,-58 L18,-72 L22,-68 L5,-50 L7,0Z" fill="${bark}"/>` +
    `<g fill="${hex(shade(leaf, -0.2))}">${crown}<circle cx="0" cy="-72" r="30"/></g>` +
    `<g fill="${hex(shade(leaf, 0.12))}">${highlights}</g>`
  );
};

export const house: Drawer = (canvas, _element, plan) => {
  const wall = lit(canvas, canvas.random.pick([[236, 224, 200], [200, 110, 80], [180, 200, 210], [240, 236, 226]] as Rgb[]));
  const roof = hex(lit(canvas, canvas.random.pick([[140, 50, 40], [70, 70, 80], [110, 70, 40]] as Rgb[])));
  const window = plan.palette.night > 0.3 || plan.time === 'sunset' ? '#ffcf6a' : hex(lit(canvas, [130, 180, 220]));
  const glows = plan.palette.night > 0.3 ? halo(-24, -40, 8, '#ffcf6a', 0.3) + halo(24, -40, 8, '#ffcf6a', 0.3) : '';
  return (
    `<rect x="28" y="-96" width="10" height="26" fill="${hex(shade(wall, -0.4))}"/>` +
    `<circle cx="36" cy="-106" r="5" fill="#dddddd" fill-opacity="0.5"/><circle cx="42" cy="-116" r="7" fill="#dddddd" fill-opacity="0.35"/>` +
    `<rect x="-50" y="-62" width="100" height="62" fill="${hex(wall)}"/>` +
    `<path d="M-60,-60 L0,-100 L60,-60Z" fill="${roof}"/>` +
    glows +
    `<rect x="-34" y="-48" width="20" height="18" fill="${window}"/><rect x="14" y="-48" width="20" height="18" fill="${window}"/>` +
    `<path d="M-24,-48 v18 M-34,-39 h20 M24,-48 v18 M14,-39 h20" stroke="${hex(shade(wall, -0.3))}" stroke-width="2"/>` +
    `<rect x="-8" y="-30" width="16" height="30" fill="${hex(lit(canvas, [110, 70, 40]))}"/><circle cx="4" cy="-14" r="1.5" fill="#e0c060"/>`
  );
};

export const book: Drawer = (canvas) => {
  const cover = hex(lit(canvas, canvas.random.pick([[140, 40, 40], [40, 70, 120], [40, 100, 70]] as Rgb[])));
  const page = hex(lit(canvas, [246, 240, 222]));
  let lines = '';
  for (let k = 0; k < 7; k++) lines += `<path d="M${-60},${-52 + k * 6 + 2} q26,-5 52,1 M8,${-51 + k * 6 + 2} q26,-6 52,-1"/>`;
  return (
    `<ellipse cx="0" cy="0" rx="80" ry="6" fill="#000" fill-opacity="0.3"/>` +
    `<path d="M-76,-4 L-70,-62 L0,-54 L70,-62 L76,-4 L0,2Z" fill="${cover}"/>` +
    `<path d="M-68,-8 L-64,-64 Q-30,-72 0,-56 L0,-4 Q-34,-16 -68,-8Z" fill="${page}"/>` +
    `<path d="M68,-8 L64,-64 Q30,-72 0,-56 L0,-4 Q34,-16 68,-8Z" fill="${hex(shade(lit(canvas, [246, 240, 222]), -0.06))}"/>` +
    `<g fill="none" stroke="#8a8070" stroke-width="1.6" stroke-opacity="0.7">${lines}</g>` +
    `<path d="M0,-56 L0,-4" stroke="#a09070" stroke-width="1.5"/><path d="M30,-58 L30,-30 L34,-36 L38,-30 L38,-59" fill="#c03030"/>`
  );
};

export const cup: Drawer = (canvas) => {
  const glaze = lit(canvas, canvas.random.pick([[236, 236, 232], [200, 80, 60], [60, 110, 170], [240, 200, 80]] as Rgb[]));
  const body = hex(glaze);
  let steam = '';
  for (const x of [-12, 0, 12]) steam += `<path d="M${x},-70 q-8,-10 0,-20 q8,-10 0,-20"/>`;
  return (
    `<ellipse cx="0" cy="-2" rx="56" ry="9" fill="${hex(shade(glaze, -0.15))}"/><ellipse cx="0" cy="-4" rx="48" ry="6" fill="${body}"/>` +
    `<path d="M32,-50 C58,-50 58,-18 28,-16" fill="none" stroke="${body}" stroke-width="8"/>` +
    `<path d="M-36,-62 L36,-62 L30,-10 Q0,0 -30,-10Z" fill="${body}"/>` +
    `<path d="M14,-62 L36,-62 L30,-10 Q22,-6 14,-5Z" fill="#000" fill-opacity="0.1"/>` +
    `<ellipse cx="0" cy="-62" rx="36" ry="8" fill="${hex(shade(glaze, -0.1))}"/><ellipse cx="0" cy="-61" rx="31" ry="5.5" fill="${hex(lit(canvas, [92, 56, 34]))}"/>` +
    `<g fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="3" stroke-linecap="round">${steam}</g>`
  );
};

export const clock: Drawer = (canvas) => {
  const brass = hex(lit(canvas, [200, 160, 70]));
  const face = hex(lit(canvas, [250, 246, 234]));
  const ink = '#2a2420';
  let ticks = '';
  for (let k = 0; k < 12; k++) {
    const a = (k / 12) * Math.PI * 2;
    const long = k % 3 === 0;
    ticks += `<path d="M${r(Math.sin(a) * 26)},${r(-54 - Math.cos(a) * 26)} L${r(Math.sin(a) * (long ? 19 : 23))},${r(-54 - Math.cos(a) * (long ? 19 : 23))}" stroke-width="${long ? 3 : 1.5}"/>`;
  }
  const hour = between(canvas.random, 0, Math.PI * 2);
  const minute = between(canvas.random, 0, Math.PI * 2);
  return (
    `<ellipse cx="0" cy="0" rx="40" ry="5" fill="#000" fill-opacity="0.3"/>` +
    `<path d="M-22,-30 L-30,0 M22,-30 L30,0" stroke="${brass}" stroke-width="5" stroke-linecap="round"/>` +
    `<circle cx="-24" cy="-88" r="12" fill="${brass}"/><circle cx="24" cy="-88" r="12" fill="${brass}"/><path d="M0,-86 L0,-96" stroke="${brass}" stroke-width="4"/>` +
    `<circle cx="0" cy="-54" r="36" fill="${brass}"/><circle cx="0" cy="-54" r="30" fill="${face}"/>` +
    `<g stroke="${ink}" stroke-linecap="round">${ticks}` +
    `<path d="M0,-54 L${r(Math.sin(hour) * 14)},${r(-54 - Math.cos(hour) * 14)}" stroke-width="3.5"/>` +
    `<path d="M0,-54 L${r(Math.sin(minute) * 23)},${r(-54 - Math.cos(minute) * 23)}" stroke-width="2"/></g><circle cx="0" cy="-54" r="2.5" fill="${ink}"/>`
  );
};

export const lantern: Drawer = (canvas) => {
  const iron = hex(lit(canvas, [50, 46, 44]));
  return (
    halo(0, -46, 22, '#ffc860', 0.45) +
    `<path d="M-12,-96 Q0,-116 12,-96" fill="none" stroke="${iron}" stroke-width="3"/>` +
    `<path d="M-20,-84 L20,-84 L12,-96 L-12,-96Z" fill="${iron}"/>` +
    `<rect x="-18" y="-84" width="36" height="70" fill="#ffd27a" fill-opacity="0.85"/>` +
    `<path d="M-4,-40 Q0,-60 4,-40 Q4,-32 0,-32 Q-4,-32 -4,-40Z" fill="#fff6d8"/><rect x="-4" y="-32" width="8" height="16" fill="#f4ecd8"/>` +
    `<path d="M-18,-84 v70 M18,-84 v70 M0,-84 v18 M-18,-50 h36" stroke="${iron}" stroke-width="3"/>` +
    `<path d="M-22,-14 L22,-14 L18,0 L-18,0Z" fill="${iron}"/>`
  );
};

export const crystal: Drawer = (canvas) => {
  const hue = canvas.plan.palette.accent;
  const glass = lit(canvas, mix(hue, [180, 120, 255], 0.5));
  const prism = (x: number, height: number, width: number, tilt: number): string =>
    `<g transform="rotate(${r(tilt)} ${r(x)} 0)"><path d="M${r(x - width)},0 L${r(x - width)},${r(-height)} L${r(x)},${r(-height - width * 1.6)} L${r(x + width)},${r(-height)} L${r(x + width)},0Z" fill="${hex(glass)}"/>` +
    `<path d="M${r(x)},0 L${r(x)},${r(-height - width * 1.6)} L${r(x + width)},${r(-height)} L${r(x + width)},0Z" fill="${hex(shade(glass, -0.3))}"/>` +
    `<path d="M${r(x - width * 0.6)},${r(-height * 0.2)} L${r(x - width * 0.6)},${r(-height * 0.9)}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="${r(width * 0.25)}"/></g>`;
  return (
    halo(0, -50, 26, hex(shade(glass, 0.4)), 0.35) +
    `<ellipse cx="0" cy="0" rx="44" ry="6" fill="${hex(lit(canvas, [70, 64, 70]))}"/>` +
    prism(-22, 38, 10, -24) +
    prism(24, 44, 11, 22) +
    prism(0, 72, 15, 0) +
    prism(-8, 22, 7, -8)
  );
};

export const castle: Drawer = (canvas) => {
  const stone = lit(canvas, mix([150, 146, 140], canvas.plan.palette.haze, 0.25));
  const wall = hex(stone);
  const dark = hex(shade(stone, -0.3));
  const roof = hex(lit(canvas, [70, 60, 110]));
  const battlement = (x: number, y: number, width: number): string => {
    let teeth = '';
    for (let k = 0; k < width; k += 8) teeth += `<rect x="${x + k}" y="${y - 6}" width="5" height="6"/>`;
    return teeth;
  };
  const tower = (x: number, top: number, width: number): string =>
    `<rect x="${x - width / 2}" y="${top}" width="${width}" height="${-top}" fill="${wall}"/>` +
    `<path d="M${x - width / 2 - 3},${top} L${x},${top - width * 1.3} L${x + width / 2 + 3},${top}Z" fill="${roof}"/>` +
    `<path d="M${x},${top - width * 1.3} v-10 l9,3 l-9,3" fill="#c03030" stroke="${dark}" stroke-width="0.8"/>` +
    `<rect x="${x - 2}" y="${top + 12}" width="4" height="9" rx="2" fill="${dark}"/>`;
  const hill = hex(lit(canvas, shade(canvas.plan.palette.ground, 0.05)));
  return (
    `<path d="M-130,40 Q-80,-6 0,-4 Q80,-6 130,40Z" fill="${hill}"/>` +
    `<rect x="-60" y="-44" width="120" height="44" fill="${wall}"/><g fill="${wall}">${battlement(-60, -44, 120)}</g>` +
    `<rect x="-22" y="-76" width="44" height="76" fill="${wall}"/><g fill="${wall}">${battlement(-22, -76, 44)}</g>` +
    tower(-62, -74, 22) +
    tower(62, -74, 22) +
    tower(0, -104, 18) +
    `<path d="M-12,0 L-12,-22 Q0,-34 12,-22 L12,0Z" fill="${dark}"/>` +
    `<rect x="-8" y="-60" width="5" height="10" rx="2.5" fill="${dark}"/><rect x="3" y="-60" width="5" height="10" rx="2.5" fill="${dark}"/>`
  );
};

export const bridge: Drawer = (canvas) => {
  const stone = lit(canvas, mix([160, 150, 136], canvas.plan.palette.haze, 0.2));
  let arches = '';
  for (let x = -180; x < 180; x += 72) arches += `<path d="M${x + 8},30 L${x + 8},-2 Q${x + 36},-38 ${x + 64},-2 L${x + 64},30Z"/>`;
  return (
    `<path d="M-240,-36 L240,-36 L240,30 L-240,30Z" fill="${hex(stone)}"/>` +
    `<g fill="${hex(mix(shade(stone, -0.55), canvas.plan.palette.skyBottom, 0.3))}">${arches}</g>` +
    `<rect x="-240" y="-46" width="480" height="10" fill="${hex(shade(stone, 0.15))}"/>` +
    `<path d="M-240,-36 L240,-36" stroke="${hex(shade(stone, -0.3))}" stroke-width="2"/>`
  );
};

export const lighthouse: Drawer = (canvas, _element, plan) => {
  const red = hex(lit(canvas, [200, 40, 40]));
  const white = hex(lit(canvas, [244, 244, 240]));
  const rock = hex(lit(canvas, [70, 70, 78]));
  const beam = plan.palette.night > 0.2 || plan.time === 'sunset';
  let stripes = '';
  for (let k = 0; k < 4; k++) {
    const y1 = -8 - k * 18;
    const w1 = 14 - k * 1.6;
    const w2 = 14 - (k + 0.5) * 1.6;
    stripes += `<path d="M${-w1},${y1} L${-w2},${y1 - 9} L${w2},${y1 - 9} L${w1},${y1}Z"/>`;
  }
  return (
    (beam ? `<path d="M0,-88 L-260,-120 L-260,-60Z M0,-88 L260,-110 L260,-70Z" fill="#fff6c8" fill-opacity="0.22"/>` + halo(0, -88, 8, '#fff6c8', 0.5) : '') +
    `<path d="M-40,4 Q-36,-14 -18,-12 Q-4,-20 10,-12 Q30,-16 40,4Z" fill="${rock}"/>` +
    `<path d="M-14,-8 L-8,-80 L8,-80 L14,-8Z" fill="${white}"/><g fill="${red}">${stripes}</g>` +
    `<rect x="-12" y="-84" width="24" height="4" fill="${hex(lit(canvas, [40, 40, 44]))}"/>` +
    `<rect x="-7" y="-96" width="14" height="12" fill="#fff3b0"/><path d="M-7,-96 v12 M7,-96 v12 M0,-96 v12" stroke="#2a2a30" stroke-width="1.4"/>` +
    `<path d="M-10,-96 L0,-106 L10,-96Z" fill="${red}"/>`
  );
};

/** Glowing tubes on a dark board: wide faint strokes, then narrower brighter ones, then the core. */
export const neon: Drawer = (canvas) => {
  const { random } = canvas;
  const colour = random.pick(['#ff3fb4', '#39f0ff', '#ffe14a', '#7dff6a', '#b46bff']);
  const second = random.pick(['#ff3fb4', '#39f0ff', '#ffe14a']);
  const glyphs = [
    'M-30,-70 C-30,-90 0,-90 0,-70 C0,-90 30,-90 30,-70 C30,-50 0,-40 0,-26 C0,-40 -30,-50 -30,-70Z',
    'M0,-96 L9,-68 L38,-68 L15,-52 L24,-24 L0,-41 L-24,-24 L-15,-52 L-38,-68 L-9,-68Z',
    'M-38,-60 L20,-60 L20,-76 L44,-52 L20,-28 L20,-44 L-38,-44Z',
    'M-26,-88 L26,-88 L0,-58Z M0,-58 L0,-30 M-14,-28 L14,-28',
    'M-40,-80 h80 M-40,-60 h56 M-40,-40 h70',
  ];
  const glyph = random.pick(glyphs);
  const tube = (d: string, c: string): string =>
    `<path d="${d}" stroke="${c}" stroke-width="16" stroke-opacity="0.12"/><path d="${d}" stroke="${c}" stroke-width="9" stroke-opacity="0.3"/><path d="${d}" stroke="${c}" stroke-width="4"/><path d="${d}" stroke="#ffffff" stroke-width="1.4" stroke-opacity="0.8"/>`;
  return (
    `<rect x="-56" y="-108" width="112" height="100" rx="10" fill="#0c0a14" fill-opacity="0.85"/>` +
    `<rect x="-60" y="-112" width="120" height="108" rx="12" fill="${second}" fill-opacity="0.1"/>` +
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${tube('M-50,-102 h100 v88 h-100Z', second)}${tube(glyph, colour)}</g>`
  );
};
