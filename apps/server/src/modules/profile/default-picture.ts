/** The picture shown for 'nopic': a neutral head-and-shoulders silhouette. */
export const DEFAULT_PICTURE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" role="img" aria-label="No profile picture">
<rect width="128" height="128" fill="#dfe6ee"/>
<circle cx="64" cy="50" r="24" fill="#8a9bb0"/>
<path d="M20 118c4-26 22-40 44-40s40 14 44 40z" fill="#8a9bb0"/>
</svg>`;
