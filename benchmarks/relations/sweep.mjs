#!/usr/bin/env node
// Measures the fused pipeline (the default generators, which include `structure`) on the
// relation tracks at once, with the figures the relation targets name; the members run once per
// track and each fusion setting given is scored on their candidates. Not a test:
//   npm run build && node benchmarks/relations/sweep.mjs [track ...] [--members=exact,edit,...]
//     [--fusion='{"directionalTopK":3}' --fusion='{...}' ...] [--dump=dir]
// Tracks: anatomy, conference, agents, anatomy-subsumption, conference-subsumption,
// agents-subsumption (default: all). One line per track and fusion setting.
import { join, dirname } from 'node:path';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const d = (p) => import(join(root, 'dist', p));
const { loadManifest } = await d('bench/manifest.js');
const { loadVocabulary } = await d('ontology/dispatch.js');
const { readAlignmentFile } = await d('ontology/alignment-reader.js');
const { referenceTriples, normalisePredicate } = await d('bench/runner.js');
const { referenceSet, countPair, sumCounts, summarize } = await d('bench/metrics.js');
const { loadGenerator } = await d('generators/run.js');
const { fuseCandidates } = await d('generators/fusion.js');
const { DEFAULT_GENERATORS } = await d('generators/registry.js').then((m) => ({ DEFAULT_GENERATORS: m.DEFAULT_GENERATORS ?? [...m.LEXICAL_GENERATORS, 'structure'] }));
const { existsSync } = await import('node:fs');

const args = process.argv.slice(2);
const option = (name) => args.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
const TRACKS = ['anatomy', 'conference', 'agents', 'anatomy-subsumption', 'conference-subsumption', 'agents-subsumption'];
const wanted = args.filter((a) => !a.startsWith('--'));
const tracks = (wanted.length ? wanted : TRACKS).filter((t) => existsSync(join(root, 'corpora', t, 'manifest.json')));
const members = option('members')[0]?.split(',') ?? [...DEFAULT_GENERATORS];
const settings = option('fusion').map((s) => JSON.parse(s));
if (settings.length === 0) settings.push({});
const dump = option('dump')[0];
const topK = 10;
const pct = (x) => (x * 100).toFixed(1);

for (const track of tracks) {
  const manifest = await loadManifest(track);
  const cache = new Map();
  const load = (p) => cache.get(p) ?? (cache.set(p, loadVocabulary(p)), cache.get(p));
  const ms = {};
  const pairs = [];
  for (const pair of manifest.pairs) {
    const [source, target, alignment] = await Promise.all([load(pair.source), load(pair.target), readAlignmentFile(pair.reference)]);
    const reference = referenceSet(referenceTriples(alignment.cells));
    const all = [];
    for (const name of members) {
      const gen = await loadGenerator(name, manifest.generators?.[name]);
      // CPU time (user + system) rather than wall time: the machine is shared.
      const t0 = process.cpuUsage();
      for await (const c of gen.propose(source, target, { topK })) all.push(c);
      const dt = process.cpuUsage(t0);
      ms[name] = (ms[name] ?? 0) + (dt.user + dt.system) / 1000;
    }
    pairs.push({ id: pair.id, reference, all });
    if (option('dump-members')[0]) {
      const labels = {};
      for (const c of source.concepts) labels[c.iri] = [c.labels[0]?.text ?? c.localName, c.parents, 's'];
      for (const c of target.concepts) labels[c.iri] = [c.labels[0]?.text ?? c.localName, c.parents, 't'];
      writeFileSync(join(option('dump-members')[0], `${track}--${pair.id}.json`), JSON.stringify({ reference: reference.triples, labels, members: all.map((c) => [c.subject, c.predicate, c.object, c.generator, c.rank, c.score, c.justification, c.evidence[0]?.subjectText, c.evidence[0]?.objectText, c.evidence[0]?.subjectField, c.evidence[0]?.objectField]) }));
    }
  }
  for (const [i, setting] of settings.entries()) {
    const counts = [];
    const dumped = [];
    let fusionMs = 0;
    for (const { id, reference, all } of pairs) {
      const t0 = process.cpuUsage();
      // --raw scores the members' own candidates (one member: that generator alone).
      const fused = args.includes('--raw') ? all : fuseCandidates(all, { generators: members, topK, ...setting });
      const dt = process.cpuUsage(t0);
      fusionMs += (dt.user + dt.system) / 1000;
      if (dump) dumped.push({ pair: id, reference: reference.triples, fused: fused.map(({ members: m = [], evidence, ...c }) => ({ ...c, ev: evidence.slice(0, 2).map((e) => [e.subjectText, e.objectText, e.subjectField, e.objectField]), members: m.map((x) => [x.generator, x.predicate, x.rank, x.score]) })) });
      counts.push(countPair(fused.map((c) => ({ subject: c.subject, predicate: normalisePredicate(c.predicate), object: c.object, score: c.score })), reference, { ks: [1, 5, 10], maxK: topK }));
    }
    const m = summarize(sumCounts(counts));
    const by = m.byRelation;
    const eq = by['skos:exactMatch'];
    const dirRows = (by['skos:broadMatch']?.rows ?? 0) + (by['skos:narrowMatch']?.rows ?? 0);
    const dirRight = (by['skos:broadMatch']?.rightRelationAt10 ?? 0) + (by['skos:narrowMatch']?.rightRelationAt10 ?? 0);
    const parts = [
      `${track.padEnd(22)}${settings.length > 1 ? ` #${i}` : ''} H@1 ${pct(m.hitsAt['1'])} MRR ${m.mrr.toFixed(3)} R@10 ${pct(m.recallAt[9])} relR@10 ${pct(m.relation.recallAt[9])} F1 ${pct(m.proposal.f1)}`,
      eq ? `=kept ${pct(eq.rightRelationShare)} (${eq.rightRelationAt10}/${eq.rows})` : '',
      dirRows ? `dir ${dirRight}/${dirRows} ${pct(dirRight / dirRows)}` : '',
      ...['skos:broadMatch', 'skos:narrowMatch'].filter((p) => by[p]).map((p) => `${p.slice(5, 6)}: H@1 ${pct(by[p].hitsAt1)} MRR ${by[p].mrr.toFixed(3)}`),
      `top1exact ${pct(m.top1ExactMatch.share)}`,
      i === 0 ? `cpu ms ${Object.entries(ms).map(([k, v]) => `${k}:${Math.round(v)}`).join(' ')} fusion:${Math.round(fusionMs)}` : '',
    ];
    console.log(parts.filter(Boolean).join(' | '));
    if (dump) writeFileSync(join(dump, `${track}${settings.length > 1 ? `-${i}` : ''}.json`), JSON.stringify(dumped));
  }
}
