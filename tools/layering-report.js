#!/usr/bin/env node
/** Lists every import under src/ that breaks the stage layering (tools/layering.js) and prints the count. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkImport } from './layering.js';

const srcDir = resolve(process.argv[2] ?? 'src');
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
let count = 0;
for (const entry of readdirSync(srcDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
  const file = join(entry.parentPath, entry.name);
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const reason = checkImport(srcDir, file, match[1] ?? match[2]);
    if (reason === null) continue;
    count += 1;
    console.log(`${file}: '${match[1] ?? match[2]}': ${reason}`);
  }
}
console.log(`${count} layering violations`);
