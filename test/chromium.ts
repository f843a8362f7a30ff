/**
 * The system Chromium (Debian's `chromium` package; never a downloaded browser) and the flags
 * it runs with in tests, screenshots and benchmarks. Without the networking flags it keeps
 * trying to reach services this machine cannot reach.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
