/**
 * Catalogue artwork drawn as SVG: a gradient in the category's colours, a simple icon for the
 * category and the item's name. Used for the demo catalogue and for items an administrator adds
 * without a picture, so the catalogue never shows a blank box.
 */
export type ArtworkIcon = 'voucher' | 'electronics' | 'experience' | 'home' | 'charity' | 'gift';

const PALETTES: Record<ArtworkIcon, [string, string][]> = {
  voucher: [
    ['#0b6e4f', '#2fb38a'],
    ['#1d3557', '#457b9d'],
    ['#6a1b9a', '#ab47bc'],
    ['#b23a48', '#f28482'],
  ],
  electronics: [
    ['#101828', '#3a4a6b'],
    ['#0f4c81', '#3e8ed0'],
    ['#263238', '#607d8b'],
  ],
  experience: [
    ['#e76f51', '#f4a261'],
    ['#264653', '#2a9d8f'],
    ['#7b2cbf', '#c77dff'],
  ],
  home: [
    ['#8d6e63', '#d7ccc8'],
    ['#386641', '#a7c957'],
    ['#5f0f40', '#9a031e'],
  ],
  charity: [
    ['#c9184a', '#ff758f'],
    ['#006d77', '#83c5be'],
  ],
  gift: [['#1f2a44', '#5a6b8c']],
};

const ICONS: Record<ArtworkIcon, string> = {
  voucher:
    '<rect x="-70" y="-44" width="140" height="88" rx="12" fill="#fff" fill-opacity=".92"/>' +
    '<rect x="-70" y="-8" width="140" height="16" fill="currentColor" fill-opacity=".55"/>' +
    '<rect x="-8" y="-44" width="16" height="88" fill="currentColor" fill-opacity=".55"/>' +
    '<circle cx="-14" cy="-52" r="14" fill="none" stroke="#fff" stroke-width="7"/>' +
    '<circle cx="14" cy="-52" r="14" fill="none" stroke="#fff" stroke-width="7"/>',
  electronics:
    '<rect x="-72" y="-50" width="144" height="88" rx="8" fill="#fff" fill-opacity=".92"/>' +
    '<rect x="-62" y="-40" width="124" height="68" rx="3" fill="currentColor" fill-opacity=".6"/>' +
    '<rect x="-12" y="38" width="24" height="14" fill="#fff" fill-opacity=".8"/>' +
    '<rect x="-40" y="52" width="80" height="8" rx="4" fill="#fff" fill-opacity=".92"/>',
  experience:
    '<circle cx="40" cy="-36" r="20" fill="#fff" fill-opacity=".95"/>' +
    '<path d="M-80 52 L-28 -22 L6 22 L28 -4 L80 52 Z" fill="#fff" fill-opacity=".9"/>' +
    '<path d="M-28 -22 L-14 -2 L-40 -2 Z" fill="currentColor" fill-opacity=".35"/>',
  home:
    '<path d="M-70 -2 L0 -60 L70 -2 Z" fill="#fff" fill-opacity=".95"/>' +
    '<rect x="-54" y="-4" width="108" height="62" fill="#fff" fill-opacity=".85"/>' +
    '<rect x="-14" y="20" width="28" height="38" fill="currentColor" fill-opacity=".55"/>',
  charity:
    '<path d="M0 56 C-90 -4 -62 -72 0 -34 C62 -72 90 -4 0 56 Z" fill="#fff" fill-opacity=".95"/>' +
    '<path d="M-30 -6 L-8 -6 L0 -22 L10 10 L18 -6 L30 -6" fill="none" stroke="currentColor" stroke-opacity=".6" stroke-width="6" stroke-linejoin="round"/>',
  gift:
    '<rect x="-56" y="-24" width="112" height="76" rx="6" fill="#fff" fill-opacity=".92"/>' +
    '<rect x="-64" y="-40" width="128" height="22" rx="4" fill="#fff"/>' +
    '<rect x="-9" y="-40" width="18" height="92" fill="currentColor" fill-opacity=".55"/>',
};

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Splits a name over at most two lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && (current + ' ' + word).length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= 2) return lines;
  return [
    lines[0]!,
    `${lines
      .slice(1)
      .join(' ')
      .slice(0, width - 1)}…`,
  ];
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** A 480×360 SVG for an item (or a category when `label` is the category's name). */
export function rewardArtworkSvg(icon: ArtworkIcon, title: string, label: string): string {
  const palette = PALETTES[icon];
  const h = hash(title);
  const [from, to] = palette[h % palette.length]!;
  const angle = (h >> 4) % 2 === 0 ? 'x2="1" y2="1"' : 'x2="0" y2="1"';
  const lines = wrap(title, 22);
  const text = lines
    .map(
      (line, i) =>
        `<text x="240" y="${lines.length === 1 ? 300 : 284 + i * 34}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="28" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  // A few soft circles so no two cards look the same.
  const bubbles = [0, 1, 2]
    .map((i) => {
      const x = (h >> (i * 5)) % 480;
      const y = (h >> (i * 7 + 3)) % 200;
      const r = 40 + ((h >> (i * 3)) % 70);
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity=".08"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 360" width="480" height="360" role="img" aria-label="${escapeXml(title)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" ${angle}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="480" height="360" fill="url(#g)"/>${bubbles}` +
    `<g transform="translate(240 130)" color="${from}">${ICONS[icon]}</g>` +
    `<text x="24" y="40" font-family="Helvetica, Arial, sans-serif" font-size="16" font-weight="600" letter-spacing="2" fill="#fff" fill-opacity=".85">${escapeXml(label.toUpperCase())}</text>` +
    `${text}</svg>`
  );
}

/** The artwork for an item without a picture. */
export const DEFAULT_REWARD_SVG = rewardArtworkSvg('gift', 'Ovation Rewards', 'Reward');
