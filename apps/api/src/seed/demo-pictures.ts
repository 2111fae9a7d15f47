/**
 * Product pictures for the demo catalogue, drawn at seed time: a simple SVG scene per kind of
 * product in the product's colour, rendered to PNG by sharp and then ingested like any upload.
 * Nothing is downloaded.
 */
import sharp from "sharp";

export const PICTURE_KINDS = [
  "tshirt",
  "shirt",
  "jacket",
  "sneaker",
  "boot",
  "watch",
  "tote",
  "backpack",
  "sunglasses",
  "cap",
  "belt",
] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

const SIZE = 800;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Mixes a colour with another: amount 0 keeps it, 1 gives the other. */
function mix(hex: string, other: string, amount: number): string {
  const a = channels(hex);
  const b = channels(other);
  const out = a.map((c, i) => Math.round(c + ((b[i] ?? 0) - c) * amount));
  return `#${out.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

interface Palette {
  main: string;
  dark: string;
  light: string;
  background: string;
}

function paletteOf(colour: string): Palette {
  return {
    main: colour,
    dark: mix(colour, "#000000", 0.45),
    light: mix(colour, "#ffffff", 0.45),
    background: mix(colour, "#ffffff", 0.86),
  };
}

const stroke = (p: Palette, width = 8) =>
  `stroke="${p.dark}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`;

const TEE =
  "M250 190 L335 150 Q400 205 465 150 L550 190 L665 300 L590 370 L545 330 L545 660 L255 660 L255 330 L210 370 L135 300 Z";

const scenes: Record<PictureKind, (p: Palette) => string> = {
  tshirt: (p) => `
    <path d="${TEE}" fill="${p.main}" ${stroke(p)}/>
    <path d="M335 150 Q400 215 465 150" fill="none" ${stroke(p, 10)}/>
    <path d="M300 420 L500 420" stroke="${p.light}" stroke-width="14" stroke-linecap="round"/>`,
  shirt: (p) => `
    <path d="${TEE}" fill="${p.main}" ${stroke(p)}/>
    <path d="M335 150 L400 230 L465 150 L430 140 L400 175 L370 140 Z" fill="${p.light}" ${stroke(p, 6)}/>
    <path d="M400 230 L400 660" ${stroke(p, 5)}/>
    ${[290, 360, 430, 500, 570].map((y) => `<circle cx="415" cy="${y}" r="9" fill="${p.light}" ${stroke(p, 3)}/>`).join("")}
    <rect x="440" y="280" width="70" height="60" rx="8" fill="none" ${stroke(p, 5)}/>`,
  jacket: (p) => `
    <path d="M250 180 L340 145 L400 200 L460 145 L550 180 L640 300 L665 560 L590 570 L560 340 L560 670 L240 670 L240 340 L210 570 L135 560 L160 300 Z" fill="${p.main}" ${stroke(p)}/>
    <path d="M340 145 L400 260 L460 145" fill="${p.dark}" ${stroke(p, 6)}/>
    <path d="M400 260 L400 670" stroke="${p.light}" stroke-width="8" stroke-dasharray="14 10"/>
    <path d="M270 480 L350 480 M450 480 L530 480" ${stroke(p, 7)}/>
    <path d="M240 420 L560 420 M240 560 L560 560" stroke="${p.dark}" stroke-width="4" opacity="0.5"/>`,
  sneaker: (p) => `
    <path d="M160 470 L175 380 Q190 320 265 315 L330 300 Q375 375 470 385 L600 415 Q665 435 670 490 L160 500 Z" fill="${p.main}" ${stroke(p)}/>
    <rect x="140" y="490" width="545" height="55" rx="26" fill="#ffffff" ${stroke(p)}/>
    <path d="M230 430 Q360 470 520 430" fill="none" stroke="${p.light}" stroke-width="22" stroke-linecap="round"/>
    ${[0, 1, 2, 3].map((i) => `<path d="M${345 + i * 30} ${330 + i * 14} L${365 + i * 30} ${372 + i * 8}" ${stroke(p, 7)}/>`).join("")}
    <path d="M175 385 L215 380 L215 470" fill="none" ${stroke(p, 6)}/>`,
  boot: (p) => `
    <path d="M200 200 L360 200 L370 400 Q450 410 560 430 Q650 450 655 510 L190 520 Z" fill="${p.main}" ${stroke(p)}/>
    <rect x="175" y="505" width="500" height="60" rx="18" fill="${p.dark}" ${stroke(p)}/>
    <path d="M200 250 L360 250" stroke="${p.light}" stroke-width="10"/>
    ${[0, 1, 2, 3, 4].map((i) => `<circle cx="345" cy="${280 + i * 26}" r="7" fill="${p.light}"/>`).join("")}
    <path d="M370 400 Q360 470 420 505" fill="none" ${stroke(p, 5)}/>`,
  watch: (p) => `
    <rect x="335" y="95" width="130" height="240" rx="24" fill="${p.dark}" ${stroke(p, 6)}/>
    <rect x="335" y="465" width="130" height="240" rx="24" fill="${p.dark}" ${stroke(p, 6)}/>
    ${[150, 200, 250, 550, 600, 650].map((y) => `<path d="M345 ${y} L455 ${y}" stroke="${p.main}" stroke-width="4" opacity="0.6"/>`).join("")}
    <rect x="552" y="380" width="34" height="40" rx="8" fill="#c9c9c9" ${stroke(p, 5)}/>
    <circle cx="400" cy="400" r="160" fill="#d9d9d9" ${stroke(p)}/>
    <circle cx="400" cy="400" r="130" fill="${p.main}" ${stroke(p, 5)}/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="395" y="282" width="10" height="${i % 3 === 0 ? 34 : 20}" fill="#ffffff" transform="rotate(${i * 30} 400 400)"/>`).join("")}
    <path d="M400 400 L400 310" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/>
    <path d="M400 400 L465 430" stroke="#ffffff" stroke-width="12" stroke-linecap="round"/>
    <circle cx="400" cy="400" r="12" fill="${p.light}"/>`,
  tote: (p) => `
    <path d="M300 340 Q300 160 400 160 Q500 160 500 340" fill="none" stroke="${p.dark}" stroke-width="26" stroke-linecap="round"/>
    <path d="M200 330 L600 330 L640 680 L160 680 Z" fill="${p.main}" ${stroke(p)}/>
    <rect x="300" y="430" width="200" height="130" rx="12" fill="${p.light}" ${stroke(p, 6)}/>
    <path d="M200 380 L600 380" stroke="${p.dark}" stroke-width="6" opacity="0.5"/>`,
  backpack: (p) => `
    <path d="M330 200 Q330 130 400 130 Q470 130 470 200" fill="none" stroke="${p.dark}" stroke-width="22" stroke-linecap="round"/>
    <rect x="220" y="190" width="360" height="500" rx="90" fill="${p.main}" ${stroke(p)}/>
    <rect x="285" y="470" width="230" height="170" rx="40" fill="${p.light}" ${stroke(p, 6)}/>
    <path d="M300 520 L500 520" ${stroke(p, 6)}/>
    <path d="M240 300 Q400 260 560 300" fill="none" ${stroke(p, 6)}/>`,
  sunglasses: (p) => `
    <path d="M120 330 L230 350 M680 330 L570 350" ${stroke(p, 14)}/>
    <rect x="170" y="330" width="210" height="160" rx="70" fill="${p.main}" ${stroke(p, 12)}/>
    <rect x="420" y="330" width="210" height="160" rx="70" fill="${p.main}" ${stroke(p, 12)}/>
    <path d="M380 370 Q400 345 420 370" fill="none" ${stroke(p, 12)}/>
    <path d="M210 380 L260 360 M460 380 L510 360" stroke="#ffffff" stroke-width="12" stroke-linecap="round" opacity="0.7"/>`,
  cap: (p) => `
    <path d="M190 470 Q190 240 400 230 Q610 240 610 470 Z" fill="${p.main}" ${stroke(p)}/>
    <path d="M190 470 Q170 520 230 530 L690 520 Q700 470 610 465 Z" fill="${p.dark}" ${stroke(p)}/>
    <path d="M400 232 L400 470 M300 250 Q330 360 320 470 M500 250 Q470 360 480 470" fill="none" stroke="${p.dark}" stroke-width="5" opacity="0.6"/>
    <circle cx="400" cy="232" r="16" fill="${p.light}" ${stroke(p, 5)}/>`,
  belt: (p) => `
    <path d="M90 360 L560 360 L560 440 L90 440 Z" fill="${p.main}" ${stroke(p)}/>
    ${[200, 260, 320, 380].map((x) => `<circle cx="${x}" cy="400" r="9" fill="${p.dark}"/>`).join("")}
    <path d="M100 378 L550 378 M100 422 L550 422" stroke="${p.light}" stroke-width="3" stroke-dasharray="10 8"/>
    <rect x="560" y="320" width="150" height="160" rx="22" fill="none" stroke="#b8a25a" stroke-width="22"/>
    <path d="M600 400 L700 400" stroke="#b8a25a" stroke-width="14" stroke-linecap="round"/>`,
};

/**
 * How a product is shown: the front (its thumbnail), and for its gallery the other side (mirrored)
 * and a close-up. Every picture of a product's gallery is a view of that product.
 */
export const PICTURE_VIEWS = ["front", "back", "detail"] as const;
export type PictureView = (typeof PICTURE_VIEWS)[number];

const VIEW_BOXES: Record<PictureView, string> = {
  front: `0 0 ${SIZE} ${SIZE}`,
  back: `0 0 ${SIZE} ${SIZE}`,
  detail: `${SIZE * 0.2} ${SIZE * 0.2} ${SIZE * 0.6} ${SIZE * 0.6}`,
};

/** The SVG source of a picture of this kind in this colour (a #rrggbb hex), seen from this side. */
export function pictureSvg(kind: PictureKind, colour: string, view: PictureView = "front"): string {
  const p = paletteOf(colour);
  const scene =
    view === "back"
      ? `<g transform="translate(${SIZE} 0) scale(-1 1)">${scenes[kind](p)}</g>`
      : scenes[kind](p);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="${VIEW_BOXES[view]}">
  <rect width="${SIZE}" height="${SIZE}" fill="${p.background}"/>
  <circle cx="640" cy="140" r="90" fill="#ffffff" opacity="0.55"/>
  <ellipse cx="400" cy="720" rx="300" ry="36" fill="${p.dark}" opacity="0.12"/>
  ${scene}
</svg>`;
}

/** The picture as PNG (what the media pipeline ingests; it refuses SVG by design). */
export async function renderPicture(
  kind: PictureKind,
  colour: string,
  view: PictureView = "front",
): Promise<Buffer> {
  // NOTE: a low compression level: the PNG is only a hand-over to the pipeline, which re-encodes it.
  return sharp(Buffer.from(pictureSvg(kind, colour, view)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}
