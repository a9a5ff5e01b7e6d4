// Animals, each about 100 units tall, standing on (0, 0) and facing right. The eyes and the outline
// that make each one itself are drawn first; detail comes after.
import type { Rgb } from '../prompt-reading';
import { between, hex, hsl, mix, r, shade } from '../svg';
import { lit } from './canvas';
import type { Drawer } from './figures';

const eye = (x: number, y: number, size: number, iris = '#2a2016'): string =>
  `<circle cx="${r(x)}" cy="${r(y)}" r="${r(size)}" fill="#fbfaf4"/><circle cx="${r(x + size * 0.15)}" cy="${r(y)}" r="${r(size * 0.62)}" fill="${iris}"/><circle cx="${r(x + size * 0.35)}" cy="${r(y - size * 0.3)}" r="${r(size * 0.22)}" fill="#ffffff"/>`;

const FUR: readonly Rgb[] = [
  [222, 140, 60],
  [110, 110, 118],
  [40, 38, 44],
  [236, 230, 220],
  [150, 100, 60],
];

export const cat: Drawer = (canvas) => {
  const fur = lit(canvas, canvas.random.pick(FUR));
  const dark = hex(shade(fur, -0.3));
  const light = hex(shade(fur, 0.25));
  const iris = hex(mix(hsl(between(canvas.random, 60, 110), 80, 45), fur, 0.1));
  return (
    // Tail, body, chest, front paws.
    `<path d="M22,-6 C52,-6 58,-30 46,-44 C40,-52 34,-48 40,-40 C48,-30 40,-16 20,-14Z" fill="${dark}"/>` +
    `<path d="M-26,0 C-34,-30 -24,-56 0,-58 C24,-56 34,-30 26,0Z" fill="${hex(fur)}"/>` +
    `<path d="M-12,-4 C-14,-26 -8,-44 0,-46 C8,-44 14,-26 12,-4Z" fill="${light}"/>` +
    `<ellipse cx="-10" cy="-3" rx="8" ry="4" fill="${light}"/><ellipse cx="10" cy="-3" rx="8" ry="4" fill="${light}"/>` +
    // Head with pointed ears.
    `<path d="M-22,-78 L-24,-102 L-8,-90Z M22,-78 L24,-102 L8,-90Z" fill="${hex(fur)}"/>` +
    `<path d="M-20,-82 L-21,-97 L-11,-89Z M20,-82 L21,-97 L11,-89Z" fill="#e8a0a8"/>` +
    `<ellipse cx="0" cy="-74" rx="24" ry="20" fill="${hex(fur)}"/>` +
    `<ellipse cx="-9" cy="-77" rx="5.5" ry="6" fill="#f4f0d8"/><ellipse cx="9" cy="-77" rx="5.5" ry="6" fill="#f4f0d8"/>` +
    `<ellipse cx="-9" cy="-77" rx="4.5" ry="5.5" fill="${iris}"/><ellipse cx="9" cy="-77" rx="4.5" ry="5.5" fill="${iris}"/>` +
    `<ellipse cx="-9" cy="-77" rx="1.4" ry="4.6" fill="#111"/><ellipse cx="9" cy="-77" rx="1.4" ry="4.6" fill="#111"/>` +
    `<path d="M-3,-68 L3,-68 L0,-65Z" fill="#d97a8a"/><path d="M0,-65 q-3,4 -6,2 M0,-65 q3,4 6,2" fill="none" stroke="${dark}" stroke-width="1"/>` +
    `<g stroke="${light}" stroke-width="0.8" stroke-opacity="0.9"><path d="M-6,-66 L-26,-70 M-6,-65 L-26,-63 M6,-66 L26,-70 M6,-65 L26,-63"/></g>`
  );
};

export const dog: Drawer = (canvas) => {
  const fur = lit(canvas, canvas.random.pick([[196, 150, 96], [120, 80, 50], [230, 220, 200], [60, 50, 44]] as Rgb[]));
  const dark = hex(shade(fur, -0.35));
  const body = hex(fur);
  return (
    `<path d="M-40,-52 q-14,-18 -6,-34" fill="none" stroke="${body}" stroke-width="7" stroke-linecap="round"/>` +
    `<rect x="-36" y="-30" width="9" height="30" rx="4" fill="${dark}"/><rect x="12" y="-30" width="9" height="30" rx="4" fill="${dark}"/>` +
    `<rect x="-44" y="-62" width="72" height="36" rx="18" fill="${body}"/>` +
    `<rect x="-28" y="-32" width="9" height="32" rx="4" fill="${body}"/><rect x="20" y="-32" width="9" height="32" rx="4" fill="${body}"/>` +
    `<path d="M14,-56 L24,-80 L40,-74 L34,-50Z" fill="${body}"/>` +
    `<ellipse cx="34" cy="-84" rx="17" ry="15" fill="${body}"/>` +
    `<path d="M40,-90 L64,-84 Q68,-76 60,-72 L40,-72Z" fill="${body}"/>` +
    `<ellipse cx="63" cy="-82" rx="5" ry="4" fill="#1a1616"/>` +
    `<path d="M44,-72 Q52,-70 58,-72" fill="none" stroke="${dark}" stroke-width="1.5"/><path d="M50,-71 q2,9 7,6 q2,-4 -1,-6Z" fill="#e06a78"/>` +
    `<path d="M24,-94 Q16,-96 18,-80 Q20,-66 28,-70 Q30,-84 30,-92Z" fill="${dark}"/>` +
    eye(40, -88, 3.4) +
    `<path d="M18,-58 q8,6 18,0" fill="none" stroke="#c03838" stroke-width="4"/>`
  );
};

export const fox: Drawer = (canvas) => {
  const coat = lit(canvas, [222, 110, 40]);
  const body = hex(coat);
  const dark = hex(lit(canvas, [40, 26, 22]));
  const white = hex(lit(canvas, [246, 240, 232]));
  return (
    // The brush: long, thick, white-tipped.
    `<path d="M-30,-40 C-60,-36 -78,-16 -84,-4 C-70,-6 -52,-12 -30,-22Z" fill="${body}"/>` +
    `<path d="M-74,-9 C-80,-6 -84,-4 -86,-2 C-78,0 -72,-2 -66,-6Z" fill="${white}"/>` +
    `<rect x="-26" y="-28" width="7" height="28" rx="3" fill="${dark}"/><rect x="14" y="-28" width="7" height="28" rx="3" fill="${dark}"/>` +
    `<ellipse cx="-2" cy="-40" rx="34" ry="17" fill="${body}"/>` +
    `<rect x="-18" y="-30" width="7" height="30" rx="3" fill="${dark}"/><rect x="22" y="-30" width="7" height="30" rx="3" fill="${dark}"/>` +
    `<path d="M20,-48 L30,-66 L44,-58 L34,-36Z" fill="${body}"/><path d="M28,-48 L40,-58 L36,-38Z" fill="${white}"/>` +
    `<path d="M30,-64 L30,-92 L42,-72Z M42,-70 L50,-94 L54,-70Z" fill="${body}"/><path d="M32,-68 L32,-84 L39,-72Z M45,-71 L50,-86 L52,-71Z" fill="${dark}"/>` +
    `<path d="M26,-70 Q40,-80 56,-70 L72,-60 Q70,-56 66,-56 L40,-52 Q28,-56 26,-70Z" fill="${body}"/>` +
    `<path d="M46,-60 L72,-60 Q70,-55 64,-55 L44,-53Z" fill="${white}"/>` +
    `<circle cx="71" cy="-60" r="3" fill="#1a1414"/>` +
    `<path d="M44,-68 q4,-3 8,0 q-4,2 -8,0Z" fill="#1f1a10"/>`
  );
};

export const owl: Drawer = (canvas) => {
  const plumage = lit(canvas, canvas.random.pick([[128, 96, 70], [170, 150, 130], [220, 220, 222]] as Rgb[]));
  const body = hex(plumage);
  const dark = hex(shade(plumage, -0.35));
  const chest = hex(shade(plumage, 0.3));
  const bark = hex(lit(canvas, [80, 56, 40]));
  let feathers = '';
  for (let row = 0; row < 4; row++) for (let k = -2; k <= 2; k++) feathers += `<path d="M${r(k * 7 - 3 + (row % 2) * 3)},${r(-44 + row * 8)} q3,4 6,0"/>`;
  return (
    `<rect x="-60" y="-6" width="120" height="10" rx="5" fill="${bark}"/>` +
    `<path d="M-28,-10 C-40,-40 -34,-78 0,-80 C34,-78 40,-40 28,-10Z" fill="${body}"/>` +
    `<path d="M-28,-60 C-40,-40 -36,-20 -24,-10 L-18,-40Z M28,-60 C40,-40 36,-20 24,-10 L18,-40Z" fill="${dark}"/>` +
    `<ellipse cx="0" cy="-32" rx="18" ry="22" fill="${chest}"/>` +
    `<g fill="none" stroke="${dark}" stroke-width="1.2">${feathers}</g>` +
    `<path d="M-26,-76 L-30,-98 L-12,-84Z M26,-76 L30,-98 L12,-84Z" fill="${body}"/>` +
    `<ellipse cx="0" cy="-72" rx="30" ry="20" fill="${body}"/>` +
    `<circle cx="-13" cy="-72" r="12" fill="${chest}"/><circle cx="13" cy="-72" r="12" fill="${chest}"/>` +
    `<circle cx="-13" cy="-72" r="8.5" fill="#f2a51c"/><circle cx="13" cy="-72" r="8.5" fill="#f2a51c"/>` +
    `<circle cx="-13" cy="-72" r="5" fill="#111"/><circle cx="13" cy="-72" r="5" fill="#111"/>` +
    `<circle cx="-11" cy="-74" r="1.8" fill="#fff"/><circle cx="15" cy="-74" r="1.8" fill="#fff"/>` +
    `<path d="M-4,-66 L4,-66 L0,-56Z" fill="#e0a030"/>` +
    `<path d="M-12,-8 l-3,6 M-8,-8 l0,6 M-4,-8 l3,6 M4,-8 l-3,6 M8,-8 l0,6 M12,-8 l3,6" stroke="#d09020" stroke-width="2.4"/>`
  );
};

export const bird: Drawer = (canvas) => {
  const feather = lit(canvas, canvas.random.pick([[60, 110, 200], [210, 60, 50], [240, 190, 40], [40, 40, 50]] as Rgb[]));
  const body = hex(feather);
  const wing = hex(shade(feather, -0.3));
  return (
    `<path d="M-6,-52 C-20,-90 -40,-96 -56,-94 C-40,-78 -30,-62 -16,-48Z" fill="${wing}"/>` +
    `<path d="M-40,-46 L-66,-58 L-62,-40Z" fill="${wing}"/>` +
    `<ellipse cx="-8" cy="-44" rx="34" ry="13" fill="${body}"/>` +
    `<ellipse cx="-4" cy="-40" rx="22" ry="7" fill="${hex(shade(feather, 0.35))}"/>` +
    `<circle cx="26" cy="-52" r="12" fill="${body}"/>` +
    `<path d="M36,-55 L50,-50 L36,-47Z" fill="#f0a830"/>` +
    eye(30, -55, 3) +
    `<path d="M4,-50 C0,-80 20,-98 40,-100 C30,-84 24,-64 12,-46Z" fill="${body}"/>` +
    `<path d="M10,-60 C12,-76 22,-88 32,-92" fill="none" stroke="${wing}" stroke-width="1.5"/>`
  );
};

export const fish: Drawer = (canvas) => {
  const scale = lit(canvas, canvas.random.pick([[242, 130, 40], [250, 200, 60], [60, 150, 210], [220, 70, 90]] as Rgb[]));
  const body = hex(scale);
  const fin = hex(shade(scale, -0.2));
  let scales = '';
  for (let x = -24; x < 16; x += 9) for (let y = -58; y < -38; y += 8) scales += `<path d="M${x},${y} q4,4 0,8"/>`;
  return (
    `<path d="M-34,-50 L-62,-72 Q-54,-50 -62,-28Z" fill="${fin}"/>` +
    `<path d="M-16,-64 Q0,-86 18,-66Z" fill="${fin}"/><path d="M-6,-36 Q4,-24 12,-36Z" fill="${fin}"/>` +
    `<path d="M-38,-50 C-24,-72 20,-76 44,-52 C20,-26 -24,-28 -38,-50Z" fill="${body}"/>` +
    `<path d="M-38,-50 C-20,-44 20,-42 44,-52 C20,-26 -24,-28 -38,-50Z" fill="${hex(shade(scale, 0.3))}"/>` +
    `<path d="M18,-66 Q12,-52 18,-38" fill="none" stroke="${fin}" stroke-width="2"/>` +
    `<g fill="none" stroke="${fin}" stroke-width="1" stroke-opacity="0.7">${scales}</g>` +
    eye(30, -56, 4.2) +
    `<path d="M42,-50 q-4,3 -8,1" fill="none" stroke="${fin}" stroke-width="1.5"/>`
  );
};

export const dragon: Drawer = (canvas) => {
  const hide = lit(canvas, canvas.random.pick([[60, 140, 80], [170, 40, 40], [50, 70, 150], [40, 40, 48]] as Rgb[]));
  const body = hex(hide);
  const dark = hex(shade(hide, -0.35));
  const belly = hex(mix(hide, [230, 200, 120], 0.5));
  return (
    // Far wing, tail, body, near wing, neck and horned head.
    `<path d="M-4,-56 L-30,-104 L-44,-80 L-60,-92 L-64,-66 L-20,-50Z" fill="${dark}"/>` +
    `<path d="M-30,-46 C-60,-40 -80,-60 -104,-48 C-84,-52 -70,-30 -40,-34Z" fill="${body}"/><path d="M-104,-48 L-118,-56 L-112,-40Z" fill="${dark}"/>` +
    `<ellipse cx="-6" cy="-44" rx="34" ry="14" fill="${body}"/><path d="M-30,-38 Q-6,-28 22,-40" fill="none" stroke="${belly}" stroke-width="5"/>` +
    `<path d="M-16,-34 l-4,14 l6,-2 M10,-34 l2,14 l6,-2" fill="none" stroke="${dark}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M18,-50 C28,-60 34,-76 44,-80 L52,-72 C44,-66 36,-52 26,-40Z" fill="${body}"/>` +
    `<path d="M40,-86 C50,-92 64,-90 74,-82 L72,-74 C64,-72 52,-72 44,-72Z" fill="${body}"/>` +
    `<path d="M46,-88 L36,-100 L52,-90Z M54,-90 L48,-104 L60,-90Z" fill="${belly}"/>` +
    `<circle cx="60" cy="-83" r="2.6" fill="#ffd23c"/><path d="M72,-78 l6,-1" stroke="${dark}" stroke-width="1.4"/>` +
    `<path d="M-2,-58 L18,-116 L30,-88 L46,-104 L42,-70 L14,-50Z" fill="${body}"/>` +
    `<path d="M18,-116 L14,-58 M30,-88 L18,-56 M46,-104 L28,-54" fill="none" stroke="${dark}" stroke-width="1.6"/>` +
    `<path d="M-26,-56 l4,-8 l4,8 l4,-8 l4,8 l4,-8 l4,8" fill="${dark}"/>`
  );
};
