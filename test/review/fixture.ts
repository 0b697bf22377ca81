/** Two small ontologies (one hostile label) and the candidates `propose` writes for them. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOntology, propose, writeMappings } from '../../src/api/index.js';

export const SOURCE_TTL = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix : <http://example.org/src#> .
<http://example.org/src> a owl:Ontology .
:Document a owl:Class ; rdfs:label "document" .
:Paper a owl:Class ; rdfs:label "paper" ; rdfs:subClassOf :Document .
:Author a owl:Class ; rdfs:label "author <img src=x onerror=\\"document.body.dataset.pwned=1\\">" .
:Reviewer a owl:Class ; rdfs:label "reviewer" .
:Chair a owl:Class ; rdfs:label "chair person" .
`;
export const TARGET_TTL = `@prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix : <http://example.org/tgt#> .
<http://example.org/tgt> a owl:Ontology .
:Document a owl:Class ; rdfs:label "document" .
:Paper a owl:Class ; rdfs:label "paper" ; rdfs:subClassOf :Document .
:Article a owl:Class ; rdfs:label "paper article" ; rdfs:subClassOf :Document .
:Author a owl:Class ; rdfs:label "author" .
:Referee a owl:Class ; rdfs:label "reviewer referee" .
:Chairman a owl:Class ; rdfs:label "chairman" .
`;

/** A folder with the two ontologies and the candidates `propose` writes for them. */
export async function fixture(): Promise<{ dir: string; source: string; target: string; candidates: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'ioa-review-'));
  const source = join(dir, 'src.ttl');
  const target = join(dir, 'tgt.ttl');
  writeFileSync(source, SOURCE_TTL);
  writeFileSync(target, TARGET_TTL);
  const [s, t] = await Promise.all([loadOntology(source), loadOntology(target)]);
  const candidates = join(dir, 'candidates.sssom.tsv');
  await writeMappings(candidates, await propose(s, t), { source: s, target: t });
  return { dir, source, target, candidates };
}

