import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '#db/client.ts';
import { properties } from '#db/schema.ts';
import { createRandom } from '#db/seed/demo-images.ts';

const mode = process.argv[2]!;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exp-'));
const h = await openDatabase({ engine: 'pglite', dataDir: dir });
await h.migrate();
const db = h.db;
const [u] = (await db.execute<{ id: string }>(sql`insert into users (name, email, role) values ('x','x@x.rw','seller') returning id`)).rows;
const photo = { key: 'a'.repeat(32), width: 1280, height: 853, placeholder: 'data:image/webp;base64,' + 'A'.repeat(200) };
const r = createRandom(1);
const words = ['Kicukiro', 'Gasabo', 'Nyamirambo', 'Kimihurura', 'Remera', 'Kacyiru', 'Spacious', 'modern', 'house', 'garden', 'parking', 'close', 'to', 'the', 'market'];
const row = (i: number) => ({
  ownerId: u!.id, type: r.pick(['House', 'Hotel', 'Apartment'] as const), title: `${r.pick(words)} ${r.pick(words)} ${r.pick(words)} ${i}`,
  description: Array.from({ length: 30 }, () => r.pick(words)).join(' '), price: Math.floor(r.next() * 1e8), offer: r.pick(['Rent', 'Sale'] as const),
  moderation: 'Approved' as const, availability: 'Available' as const, location: `${r.pick(words)}, ${r.pick(words)}`, address: 'KG 7 Ave', ownerName: 'Aline', contact: '0788123456',
  bedrooms: 3, bathrooms: 2, toilets: 2, areaSqm: 100, features: ['Parking', 'Garden'], photos: [photo], createdAt: new Date(Date.now() - r.next() * 3e10), updatedAt: new Date(),
});
const N = Number(process.argv[3] ?? 20000);
let t = performance.now();
let recreate: string[] = [];
if (mode === 'json-rebuild') {
  const idx = await db.execute<{ indexname: string; indexdef: string }>(sql`select indexname, indexdef from pg_indexes where tablename='properties' and indexname <> 'properties_pkey'`);
  recreate = idx.rows.map((i) => i.indexdef);
  for (const i of idx.rows) await db.execute(sql.raw(`drop index ${i.indexname}`));
}
if (mode === 'noindex' || mode === 'json-noindex') {
  const idx = await db.execute<{ indexname: string }>(sql`select indexname from pg_indexes where tablename='properties' and indexname <> 'properties_pkey'`);
  for (const i of idx.rows) await db.execute(sql.raw(`drop index ${i.indexname}`));
}
if (mode === 'nosearch') {
  await db.execute(sql`alter table properties drop column search`);
}
let gen = 0;
if (mode === 'jsontext') {
  await db.transaction(async (tx) => {
    for (let s = 0; s < N; s += 2000) {
      const g = performance.now();
      const rows = Array.from({ length: 2000 }, (_, k) => row(s + k));
      const text = JSON.stringify(rows);
      gen += performance.now() - g;
      await tx.execute(sql`insert into properties (owner_id, type, title, description, price, offer, moderation, availability, location, address, owner_name, contact, bedrooms, bathrooms, toilets, area_sqm, features, photos, created_at, updated_at)
        select "ownerId", type, title, description, price, offer, moderation, availability, location, address, "ownerName", contact, bedrooms, bathrooms, toilets, "areaSqm", features, photos, "createdAt", "updatedAt"
        from json_to_recordset(${text}::json) as r("ownerId" uuid, type text, title text, description text, price bigint, offer text, moderation text, availability text, location text, address text, "ownerName" text, contact text, bedrooms int, bathrooms int, toilets int, "areaSqm" int, features text[], photos jsonb, "createdAt" timestamptz, "updatedAt" timestamptz)`);
    }
  });
}
if (mode === 'unnest') {
  await db.transaction(async (tx) => {
    for (let s = 0; s < N; s += 2000) {
      const g = performance.now();
      const rows = Array.from({ length: 2000 }, (_, k) => row(s + k));
      const col = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((x) => x[k]);
      const arr = (values: unknown[]) => '{' + values.map((v) => v === null ? 'NULL' : '"' + String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"').join(',') + '}';
      const p = {
        owner: arr(col('ownerId')), type: arr(col('type')), title: arr(col('title')), description: arr(col('description')), price: arr(col('price')), offer: arr(col('offer')),
        location: arr(col('location')), address: arr(col('address')), ownerName: arr(col('ownerName')), contact: arr(col('contact')), bedrooms: arr(col('bedrooms')),
        features: arr(rows.map((x) => x.features.join('|'))), photos: arr(rows.map((x) => JSON.stringify(x.photos))), created: arr(rows.map((x) => x.createdAt.toISOString())),
      };
      gen += performance.now() - g;
      await tx.execute(sql`insert into properties (owner_id, type, title, description, price, offer, moderation, availability, location, address, owner_name, contact, bedrooms, bathrooms, toilets, area_sqm, features, photos, created_at, updated_at)
        select o, t, ti, d, pr, of, 'Approved', 'Available', l, a, n, c, b, b, b, 100, string_to_array(f, '|'), ph::jsonb, cr, cr
        from unnest(${p.owner}::uuid[], ${p.type}::text[], ${p.title}::text[], ${p.description}::text[], ${p.price}::bigint[], ${p.offer}::text[], ${p.location}::text[], ${p.address}::text[], ${p.ownerName}::text[], ${p.contact}::text[], ${p.bedrooms}::int[], ${p.features}::text[], ${p.photos}::text[], ${p.created}::timestamptz[])
        as r(o, t, ti, d, pr, of, l, a, n, c, b, f, ph, cr)`);
    }
  });
}
if (mode === 'json' || mode === 'json-noindex' || mode === 'nosearch' || mode === 'json-rebuild') {
  await db.transaction(async (tx) => {
    for (let s = 0; s < N; s += 2000) {
      const g = performance.now();
      const rows = Array.from({ length: 2000 }, (_, k) => row(s + k));
      const text = JSON.stringify(rows);
      gen += performance.now() - g;
      await tx.execute(sql`insert into properties (owner_id, type, title, description, price, offer, moderation, availability, location, address, owner_name, contact, bedrooms, bathrooms, toilets, area_sqm, features, photos, created_at, updated_at)
        select "ownerId", type, title, description, price, offer, moderation, availability, location, address, "ownerName", contact, bedrooms, bathrooms, toilets, "areaSqm", features, photos, "createdAt", "updatedAt"
        from jsonb_to_recordset(${text}::jsonb) as r("ownerId" uuid, type text, title text, description text, price bigint, offer text, moderation text, availability text, location text, address text, "ownerName" text, contact text, bedrooms int, bathrooms int, toilets int, "areaSqm" int, features text[], photos jsonb, "createdAt" timestamptz, "updatedAt" timestamptz)`);
    }
  });
} else if (mode === 'build') {
  for (let s = 0; s < N; s += 2000) {
    const rows = Array.from({ length: 2000 }, (_, k) => row(s + k));
    db.insert(properties).values(rows).toSQL();
  }
} else {
  await db.transaction(async (tx) => {
    for (let s = 0; s < N; s += 2000) {
      const rows = Array.from({ length: 2000 }, (_, k) => row(s + k));
      await tx.insert(properties).values(rows);
    }
  });
}
if (recreate.length) {
  const r0 = performance.now();
  await db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const d of recreate) { const r1 = performance.now(); await db.execute(sql.raw(d)); console.log(d.slice(13, 60), Math.round(performance.now() - r1)); }
  console.log('rebuild', Math.round(performance.now() - r0));
}
console.log(mode, 'gen', Math.round(gen), 'insert', Math.round(performance.now() - t), 'ms');
t = performance.now();
await h.close();
console.log('close', Math.round(performance.now() - t));
fs.rmSync(dir, { recursive: true, force: true });
