#!/usr/bin/env node
// Builds corpora/multilingual-cldr/: a zh → en check set from data every Node ships (CLDR display
// names through ICU's Intl.DisplayNames), so that the translate generator is measured on names
// nobody here wrote or chose: regions, languages and currencies, each a pair of small
// ontologies (Chinese labels @zh, English labels @en) and an Alignment API reference linking the
// two names of one code. Names that are not unique on either side are left out (they would make
// ties, not errors), as are Chinese names without Han characters.
//
// Usage: node benchmarks/multilingual/build-cldr.mjs   (rewrites the folder; the files are committed,
// so the track does not change with the Node version that runs the benchmark)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'corpora', 'multilingual-cldr');
mkdirSync(out, { recursive: true });

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const codes = {
  region: [...letters].flatMap((a) => [...letters].map((b) => a + b)),
  language: [...letters.toLowerCase()].flatMap((a) => [...letters.toLowerCase()].map((b) => a + b)),
  currency: Intl.supportedValuesOf('currency'),
};

const HAN = /\p{Script=Han}/u;
const esc = (s) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
const manifest = {
  name: 'multilingual-cldr',
  description: `Chinese → English names of regions, languages and currencies from CLDR ${process.versions.cldr} (ICU ${process.versions.icu}, as shipped with Node ${process.version}), built by benchmarks/multilingual/build-cldr.mjs. One '=' cell per code. Paths are relative to this file.`,
  pairs: [],
};
const counts = {};
for (const [type, list] of Object.entries(codes)) {
  const zh = new Intl.DisplayNames(['zh'], { type, fallback: 'none' });
  const en = new Intl.DisplayNames(['en'], { type, fallback: 'none' });
  const rows = [];
  for (const code of list) {
    let z;
    let e;
    try {
      z = zh.of(code);
      e = en.of(code);
    } catch {
      continue;
    }
    if (!z || !e || z === code || e === code || !HAN.test(z)) continue;
    rows.push({ code, z, e });
  }
  const unique = (key) => {
    const seen = new Map();
    for (const r of rows) seen.set(r[key], (seen.get(r[key]) ?? 0) + 1);
    return (r) => seen.get(r[key]) === 1;
  };
  const uz = unique('z');
  const ue = unique('e');
  // Opaque local names: an IRI ending in the code (`…/currency/AUD`) would let the English
  // generators match the two sides by local name instead of by their labels.
  const kept = rows.filter((r) => uz(r) && ue(r)).map((r, i) => ({ ...r, id: `n${String(i + 1).padStart(4, '0')}` }));
  counts[type] = kept.length;
  const ttl = (lang, pick) =>
    [
      '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .',
      '@prefix owl: <http://www.w3.org/2002/07/owl#> .',
      `<https://example.org/cldr/${lang}/${type}> a owl:Ontology ; owl:versionInfo "${process.versions.cldr}" .`,
      ...kept.map((r) => `<https://example.org/cldr/${lang}/${type}/${r.id}> a owl:Class ; rdfs:label "${esc(pick(r))}"@${lang} .`),
      '',
    ].join('\n');
  writeFileSync(join(out, `${type}-zh.ttl`), ttl('zh', (r) => r.z));
  writeFileSync(join(out, `${type}-en.ttl`), ttl('en', (r) => r.e));
  const cells = kept.map(
    (r) =>
      `<map><Cell><entity1 rdf:resource="https://example.org/cldr/zh/${type}/${r.id}"/><entity2 rdf:resource="https://example.org/cldr/en/${type}/${r.id}"/><measure>1.0</measure><relation>=</relation></Cell></map>`,
  );
  writeFileSync(
    join(out, `${type}-zh-to-en.rdf`),
    `<?xml version="1.0" encoding="utf-8"?>\n<rdf:RDF xmlns="http://knowledgeweb.semanticweb.org/heterogeneity/alignment" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n<Alignment>\n${cells.join('\n')}\n</Alignment>\n</rdf:RDF>\n`,
  );
  manifest.pairs.push({ id: `cldr-${type}-zh-en`, source: `${type}-zh.ttl`, target: `${type}-en.ttl`, reference: `${type}-zh-to-en.rdf` });
}
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(JSON.stringify({ cldr: process.versions.cldr, icu: process.versions.icu, counts }));
