/**
 * What agent records declare about themselves, as mapping rows: each OASF skill or domain an
 * OASF record, slug list or ERC-8004 registration names becomes a row from the record's own
 * concept for it (`<record>#skills/<slug>`) to the OASF term in the declared schema version,
 * `skos:exactMatch` (the record's term is that OASF term, by the record's own word), justified
 * `semapv:ManualMappingCuration` — the record's author curated it — with the record in the
 * comment. `artifact build` turns the rows into an artifact, and `artifact upgrade --via
 * corpora/agents/crosswalks/…` carries it to a newer OASF release.
 */
import { IoaError } from '../../model/errors.js';
import { checkLoaded } from '../../model/options.js';
import type { MappingRecord, MappingSet } from '../../model/mapping.js';
import type { OntologyIndex } from '../../model/ontology-index.js';
import { OASF_BASE } from '../oasf.js';

/**
 * The declarations of a records index as a mapping set, subject source the records, object
 * source the OASF release of the declared version (`https://schema.oasf.outshift.com/<version>`).
 *
 * @throws IoaError E_EMPTY_ONTOLOGY (nothing declared), E_RECORD_INVALID (declarations of two
 *   OASF versions: one artifact covers one release)
 */
export function declaredMappings(index: OntologyIndex): MappingSet {
  checkLoaded(index, '$.index', 'loaded agent records (what loadOntology returns)');
  const declared = index.concepts.filter((c) => c.record?.declared);
  if (declared.length === 0) {
    // Declarations left out by --skip-invalid are not "none declared": say where they went.
    const skipped = index.warnings.some((w) => w.startsWith('skipped '));
    throw new IoaError('E_EMPTY_ONTOLOGY', skipped ? 'no OASF skill or domain declaration is left: the ones the records list were skipped as invalid (see the warning above)' : 'the records declare no OASF skills or domains', { file: index.source });
  }
  const versions = [...new Set(declared.map((c) => c.record!.declared!.schemaVersion))].sort();
  if (versions.length > 1) {
    throw new IoaError('E_RECORD_INVALID', `the records declare terms of ${versions.length} OASF versions (${versions.join(', ')}): one mapping set (and artifact) covers one release; split the records by version`, { file: index.source });
  }
  const version = versions[0]!;
  const mappings: MappingRecord[] = declared.map((c) => {
    const d = c.record!.declared!;
    const p = c.record!.provenance;
    return {
      subjectId: c.iri, subjectLabel: c.labels[0]?.text ?? c.localName,
      predicateId: 'skos:exactMatch',
      objectId: d.iri, objectLabel: c.labels[0]?.text ?? c.localName,
      justification: 'semapv:ManualMappingCuration',
      comment: `declared by the record (${p.format} ${JSON.stringify(p.recordId)}${p.version ? ` version ${p.version}` : ''}, ${p.file}${p.line !== undefined ? `:${p.line}` : ''}) as OASF ${d.schemaVersion} ${d.part.slice(0, -1)} ${JSON.stringify(d.slug)}`,
    };
  });
  return {
    metadata: {
      mappingSetId: `${index.iri ?? `urn:ioa-align:records:${encodeURIComponent(index.source)}`}#declared-oasf-${version}`,
      curieMap: { skos: 'http://www.w3.org/2004/02/skos/core#', semapv: 'https://w3id.org/semapv/vocab/' },
      license: 'https://w3id.org/sssom/license/unspecified',
      ...(index.iri !== undefined ? { subjectSource: index.iri } : {}),
      ...(index.version !== undefined ? { subjectSourceVersion: index.version } : {}),
      objectSource: `${OASF_BASE}${version}`,
      objectSourceVersion: version,
      extra: { mapping_set_description: `The OASF ${version} skills and domains the records of ${index.source} declare, one row per declaration, as the records state them (not reviewed here).` },
    },
    mappings,
  };
}
