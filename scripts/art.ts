/**
 * `npm run art`: draws every category's and animal's picture from its slug with the
 * project's own generator (src/server/art/index.ts) into public/art/. The files are committed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drawAnimal, drawCategory } from '../src/server/art/index.ts';
import { seedCatalogue } from '../src/server/db/seed/seed-catalogue.ts';

const root = fileURLToPath(new URL('../public/art/', import.meta.url));
rmSync(root, { recursive: true, force: true });
mkdirSync(`${root}animals`, { recursive: true });
mkdirSync(`${root}categories`, { recursive: true });
let files = 0;
for (const category of seedCatalogue) {
  writeFileSync(`${root}categories/${category.slug}.svg`, drawCategory(category.slug));
  files++;
  for (const animal of category.animals) {
    writeFileSync(`${root}animals/${animal.slug}.svg`, drawAnimal(animal.slug));
    files++;
  }
}
console.log(`drew ${files} pictures into public/art/`);
