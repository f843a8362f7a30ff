// `npm run lint` step: fails when the message catalogue holds a key no code uses. A key is used
// when code names it in a string ('users.deleted'), or when code builds it from a prefix
// (`type.${type}`, `listing.beds` for tCount's `listing.beds.one` and `.other`).
import fs from 'node:fs';
import path from 'node:path';

const CATALOGUES = ['lib/messages/en.ts', 'lib/messages/en.pages.ts', 'lib/messages/en.admin.ts'];
const CODE_DIRS = ['app', 'lib', 'modules', 'server', 'db', 'config'];

function codeFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '+types' ? [] : codeFiles(file);
    const isCode = /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return isCode && !CATALOGUES.includes(file) ? [file] : [];
  });
}

const keys = CATALOGUES.flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^ {2}'([\w.]+)':/gm)].map((match) => match[1]),
);

const literals = new Set();
const prefixes = new Set();
for (const file of CODE_DIRS.flatMap(codeFiles)) {
  const code = fs.readFileSync(file, 'utf8');
  for (const [, text] of code.matchAll(/['"]([\w-]+(?:\.[\w-]+)+)['"]/g)) literals.add(text);
  for (const [, prefix] of code.matchAll(/`([\w-]+(?:\.[\w-]+)*\.?)\$\{/g)) prefixes.add(prefix);
}

const isUsed = (key) =>
  literals.has(key) ||
  literals.has(key.replace(/\.(zero|one|two|few|many|other)$/, '')) ||
  [...prefixes].some((prefix) => key.startsWith(prefix));

const unused = keys.filter((key) => !isUsed(key));
if (unused.length > 0) {
  console.error(`Message keys no code uses (lib/messages/):\n  ${unused.join('\n  ')}`);
  process.exit(1);
}
console.log(`${keys.length} message keys, all used.`);
