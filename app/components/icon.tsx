/** Small inline icons: no icon font or sprite request, and they inherit the text colour. */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevronDown: 'M6 9l6 6 6-6',
  arrowLeft: 'M19 12H5m6-6-6 6 6 6',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm5-2 4 4',
  bed: 'M3 18V7m0 7h18v4m0-4v-2a3 3 0 0 0-3-3h-8v5M7 11a1.5 1.5 0 1 0 0-.01',
  bath: 'M4 12h16v2a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5zm2 0V6a2 2 0 0 1 4 0M7 19l-1 2m11-2 1 2',
  toilet: 'M6 3h6v7H6zm-1 7h12a6 6 0 0 1-6 6v5H8v-5a4 4 0 0 1-3-6z',
  area: 'M4 4h16v16H4zM4 9h5V4m11 11h-5v5',
  mapPin:
    'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  phone:
    'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  mail: 'M3 6h18v12H3zm0 0 9 7 9-7',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  share:
    'M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm12 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4m0-11-6.8 4',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0',
  bell: 'M6 17v-6a6 6 0 1 1 12 0v6l2 2H4zm4 3a2 2 0 0 0 4 0',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-14v5l3 2',
  check: 'M5 12l5 5L20 7',
  chat: 'M4 20l1.5-4A8 8 0 1 1 9 19.5zM9 10h.01M12 10h.01M15 10h.01',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8z',
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 13a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm5-9.5h.01',
  linkedin:
    'M4 9h4v11H4zm2-5.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h4v1.5a4 4 0 0 1 7 2.5v7h-4v-6a2 2 0 0 0-4 0v6h-3z',
  tiktok: 'M14 3h3a4 4 0 0 0 4 4v3a7 7 0 0 1-4-1.3V15a6 6 0 1 1-6-6v3a3 3 0 1 0 3 3z',
  x: 'M4 4l16 16M20 4 4 20',
  youtube: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm7 1v6l5-3z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`icon ${className}`} aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
