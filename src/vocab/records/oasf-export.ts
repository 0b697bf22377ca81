/**
 * An OASF record for an A2A Agent Card, its `skills` (and `domains`) filled from accepted
 * mappings of the card's skills to an OASF release — only those: a candidate nobody accepted
 * never reaches the record. The opposite of AGNTCY's A2A → OASF converter, which writes
 * `"skills": []`, and of an enricher that writes whatever a model picked.
 *
 * Written: `name`, `version` (when the card has one), `schema_version` (the release's),
 * `description`, `authors` (the card's provider organisation, when it names one), `created_at`,
 * `skills` and `domains` as `{name: <slug>, id: <numeric id>}` (the id only where the release has
 * one), and an empty `locators` list: where the agent's artefacts live is the publisher's to say.
 */
import { IoaError } from '../../model/errors.js';
import type { OntologyIndex } from '../../model/ontology-index.js';
import { isObject } from './fields.js';
import { readCardInfo, skillIri } from './a2a.js';

/** An accepted mapping: a card skill (`from`) to an OASF term (`to`). */
export interface AcceptedMapping {
  from: string;
  to: string;
  relation?: string;
}

export interface OasfRecordExport {
  record: Record<string, unknown>;
  /** Card skills without an accepted mapping (the record says nothing about them). */
  unmapped: string[];
}

interface Term {
  name: string;
  id?: number;
}

/**
 * @param card - The A2A Agent Card (parsed JSON).
 * @param accepted - Mappings a reviewer accepted (reviewed rows or an artifact's rules).
 * @param release - The OASF release their objects are terms of.
 * @param createdAt - RFC 3339 time for `created_at`.
 * @throws IoaError E_VERSION_MISMATCH (an accepted mapping to a term the release does not have),
 *   E_USAGE (an accepted mapping from something that is not a skill of the card),
 *   E_VOCAB_INVALID (a broken card)
 */
export function oasfRecordForCard(card: unknown, accepted: readonly AcceptedMapping[], release: OntologyIndex, createdAt: string): OasfRecordExport {
  let info;
  try {
    info = readCardInfo(card);
  } catch (error) {
    throw new IoaError('E_VOCAB_INVALID', (error as Error).message, { path: '$' }, { cause: error });
  }
  const json = card as Record<string, unknown>;
  const skills = Array.isArray(json.skills) ? json.skills.filter(isObject).map((s) => String(s.id ?? '')) : [];
  const skillIris = new Map(skills.map((id) => [skillIri(info.url, id), id]));
  const chosen = { skills: new Map<string, Term>(), domains: new Map<string, Term>() };
  const mapped = new Set<string>();
  for (const m of accepted) {
    if (!skillIris.has(m.from)) throw new IoaError('E_USAGE', `an accepted mapping starts at ${m.from}, which is not a skill of the card ${info.name}`, { path: '$.skills' });
    const term = release.byIri.get(m.to);
    if (!term) throw new IoaError('E_VERSION_MISMATCH', `an accepted mapping ends at ${m.to}, which is not a term of OASF ${release.version ?? '(unknown version)'} (${release.source})`);
    mapped.add(m.from);
    const part = m.to.includes('/domains/') ? 'domains' : 'skills';
    const slug = term.alternativeIds[0] ?? term.localName;
    const id = term.notations[0] !== undefined && /^\d+$/.test(term.notations[0]) ? Number(term.notations[0]) : undefined;
    chosen[part].set(slug, { name: slug, ...(id !== undefined ? { id } : {}) });
  }
  const sorted = (m: Map<string, Term>): Term[] => [...m.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const provider = isObject(json.provider) && typeof json.provider.organization === 'string' ? [json.provider.organization] : [];
  const record: Record<string, unknown> = {
    name: info.name,
    ...(info.version !== undefined ? { version: info.version } : {}),
    schema_version: release.version,
    description: typeof json.description === 'string' ? json.description : '',
    authors: provider,
    created_at: createdAt,
    skills: sorted(chosen.skills),
    domains: sorted(chosen.domains),
    locators: [],
  };
  return { record, unmapped: [...skillIris].filter(([iri]) => !mapped.has(iri)).map(([, id]) => id) };
}
