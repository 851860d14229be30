import type { IconName } from '../content/home';

// Simple stroke icons drawn for the site (24×24 grid), decorative: their text label is always next to them.
const paths: Record<IconName | 'house' | 'walk' | 'horse' | 'heart' | 'community' | 'book', string> = {
  code: 'M8 8l-5 4 5 4M16 8l5 4-5 4M14 5l-4 14',
  sheet: 'M4 4h16v16H4zM4 10h16M4 15h16M10 4v16',
  megaphone: 'M3 10v4h4l7 4V6L7 10zM17 9a4 4 0 0 1 0 6',
  bridge: 'M2 16h20M4 16v-3a8 8 0 0 1 16 0v3M8 16v-5M12 16V9M16 16v-5',
  gear: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2',
  leaf: 'M5 19c0-9 6-14 15-14 0 9-5 15-14 15M5 19l8-8',
  live: 'M3 5h18v11H3zM8 20h8M12 16v4M10 8l5 2.5-5 2.5z',
  wallet: 'M3 7h16v12H3zM3 7l12-3v3M15 13h2',
  handshake: 'M2 12l4-4 4 2 4-2 4 2 4 2-5 5-3-2-2 2-3-2zM10 10l4 4',
  certificate: 'M4 4h16v11H4zM8 8h8M8 11h5M15 15l-1 6 3-2 3 2-1-6',
  house: 'M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6',
  walk: 'M13 4a1.5 1.5 0 1 0 0 .1M10 21l2-6 3 3v3M12 15l-1-6 4 2 3 1M11 9l-3 2-1 3',
  horse: 'M4 20l2-7 3-2h6l2-5 3 1-1 4-2 1v8M9 11v9M15 11v9',
  heart: 'M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.5A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z',
  community: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-4 3-6 6-6s6 2 6 6M14 14c3 0 8 1 8 6',
  book: 'M4 5c3-1 6-1 8 1 2-2 5-2 8-1v14c-3-1-6-1-8 1-2-2-5-2-8-1zM12 6v14',
};

export type AnyIcon = keyof typeof paths;

export function Icon({ name, size = 28 }: { name: AnyIcon; size?: number }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
