/**
 * Records that declare OASF skills and domains for an agent, by slug (the name path,
 * `natural_language_processing/natural_language_generation/summarization`) or by numeric id:
 *
 * - an OASF (AGNTCY) record: `{schema_version, name, version, description, authors, created_at,
 *   skills: [{name, id}], domains: [{name, id}], locators, modules}`; skills and domains may also
 *   be given as plain slug strings;
 * - an OASF slug list: the same without `name` (`{"schema_version": "0.8.0", "skills": […]}`);
 * - an ERC-8004 registration file (`"type": "…eip-8004#registration-v1"`): its `endpoints` (or
 *   `services`) entry named `OASF` carries `version`, `skills` and `domains` as slugs.
 *
 * The record itself becomes a capability (`urn:ioa-align:oasf-record:<name>`, or
 * `urn:ioa-align:erc-8004:<name>`; minted), its name a label and its description the definition.
 * Every declared term becomes a concept of its own, `<record IRI>#<skills|domains>/<slug>`, kind
 * capability or domain, that stands for the OASF term it names (`Concept.record.declared`,
 * with the term's IRI in that schema version): `ioa-align records declared` writes these
 * declarations as curated mapping rows, which `artifact build` turns into an artifact and
 * `artifact upgrade --via` carries to a newer OASF release.
 *
 * Declarations are checked against the OASF release bundled for their schema version
 * (corpora/agents/oasf: 0.8.0, 1.0.0, 1.1.0): an unknown slug, a slug whose path differs from the
 * release's, or an id that names another term is `E_RECORD_INVALID`; an id alone is resolved
 * to its slug. For other versions slugs are taken as written (with a warning) and an id alone
 * cannot be named.
 */
import type { Concept } from '../../model/concept.js';
import type { DeclaredOasfTerm } from '../../model/record.js';
import type { JsonPathSegments } from '../../text/json.js';
import { splitIdentifier } from '../../text/identifiers.js';
import { oasfIri, type OasfPart } from '../oasf.js';
import { draft, type RecordDraft } from './draft.js';
import { fault, isObject, optionalString, RecordFault, requiredString, type JsonObject } from './fields.js';
import { failedUnit, type Layout, type LayoutContext, type Unit } from './units.js';

export const OASF_RECORD_BASE = 'urn:ioa-align:oasf-record:';
export const ERC_8004_BASE = 'urn:ioa-align:erc-8004:';
export const OASF_SLUGS_BASE = 'urn:ioa-align:oasf-slugs:';
const ERC_8004_TYPE = /eip-8004#registration-v1$/;
const SLUG = /^[a-z0-9_]+(\/[a-z0-9_]+)*$/;
const VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;
const PARTS: readonly OasfPart[] = ['skills', 'domains'];

/** One term as a record declares it, before it is checked. */
interface Declaration {
  part: OasfPart;
  slug?: string;
  id?: number;
  path: JsonPathSegments;
  /** A field of the wrong type: the declaration fails with it when built (alone, not its record). */
  fault?: RecordFault;
}

/** `v0.8.0` → `0.8.0`; `0.8` → `0.8.0` with a warning; anything else that is no version is a fault. */
export function oasfSchemaVersion(raw: string, path: JsonPathSegments, what: string, context: LayoutContext): string {
  const bare = raw.trim().replace(/^[vV]/, '');
  if (VERSION.test(bare)) return bare;
  if (/^\d+\.\d+$/.test(bare)) {
    context.warn(`${what}: OASF version ${JSON.stringify(raw)} read as ${bare}.0`);
    return `${bare}.0`;
  }
  throw fault(`${what}: the OASF version is not a version number`, path, JSON.stringify(raw));
}

function declarations(list: unknown, part: OasfPart, path: JsonPathSegments, what: string): Declaration[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw fault(`${what}: "${part}" is not an array`, path);
  return list.map((entry: unknown, i): Declaration => {
    const at: JsonPathSegments = [...path, i];
    if (typeof entry === 'string') return { part, slug: entry.trim(), path: at };
    if (!isObject(entry)) return { part, path: at };
    const d: Declaration = { part, path: at };
    // A field of another type is a fault, never a reason to read the term from its other field:
    // `{"name": 123, "id": 10302}` would otherwise declare whatever 10302 is.
    if (typeof entry.name === 'string') d.slug = entry.name.trim();
    else if (entry.name !== undefined && entry.name !== null) d.fault = fault(`${what}: a declared ${part.slice(0, -1)}'s "name" is not a string`, [...at, 'name'], JSON.stringify(entry.name));
    if (typeof entry.id === 'number' && Number.isSafeInteger(entry.id) && entry.id >= 0) d.id = entry.id;
    else if (typeof entry.id === 'string' && /^\d+$/.test(entry.id)) d.id = Number(entry.id);
    else if (entry.id !== undefined && entry.id !== null) d.fault ??= fault(`${what}: a declared ${part.slice(0, -1)}'s "id" is not a whole number`, [...at, 'id'], JSON.stringify(entry.id));
    return d;
  });
}

/** The concepts of one taxonomy of a release, by name path and by numeric id. */
interface ReleaseTerms {
  byPath: Map<string, Concept>;
  byLeaf: Map<string, Concept>;
  byId: Map<string, Concept>;
}

const releaseTerms = new WeakMap<object, Map<OasfPart, ReleaseTerms>>();

function termsOf(release: { concepts: Concept[] }, part: OasfPart): ReleaseTerms {
  let parts = releaseTerms.get(release);
  if (!parts) releaseTerms.set(release, (parts = new Map()));
  let terms = parts.get(part);
  if (!terms) {
    terms = { byPath: new Map(), byLeaf: new Map(), byId: new Map() };
    for (const c of release.concepts) {
      if (!c.iri.includes(`/${part}/`)) continue;
      terms.byPath.set(c.alternativeIds[0] ?? c.localName, c);
      terms.byLeaf.set(c.localName, c);
      for (const n of c.notations) terms.byId.set(n, c);
    }
    parts.set(part, terms);
  }
  return terms;
}


/** Check one declaration against its release and make it a draft. */
async function termDraft(decl: Declaration, version: string, base: string, recordVersion: string | undefined, what: string, context: LayoutContext): Promise<RecordDraft> {
  const term = decl.part === 'skills' ? `${what}: declared skill` : `${what}: declared domain`;
  if (decl.fault) throw decl.fault;
  if (decl.slug === undefined && decl.id === undefined) throw fault(`${term} has neither a name nor an id`, decl.path);
  if (decl.slug !== undefined && !SLUG.test(decl.slug)) throw fault(`${term} is not an OASF name path (snake_case names joined by "/")`, decl.path, JSON.stringify(decl.slug));
  const release = await context.oasfRelease(version);
  let slug = decl.slug;
  let known: Concept | undefined;
  if (release) {
    const terms = termsOf(release, decl.part);
    if (slug !== undefined) {
      known = terms.byPath.get(slug);
      if (!known) {
        const leaf = terms.byLeaf.get(slug.split('/').pop()!);
        throw fault(`${term} is not a ${decl.part.slice(0, -1)} of OASF ${version}`, decl.path, leaf ? `${JSON.stringify(slug)}; OASF ${version} has ${JSON.stringify(leaf.alternativeIds[0])}` : JSON.stringify(slug));
      }
      if (decl.id !== undefined && terms.byId.size === 0) {
        // The release names no ids: the id beside the slug cannot be checked, and is not used.
        context.warn(`${what}: OASF ${version} as bundled has no numeric ids, so the ids beside declared slugs are not checked (the slugs are, and are what is read)`);
      }
      if (decl.id !== undefined && terms.byId.size > 0 && !known.notations.includes(String(decl.id))) {
        const other = terms.byId.get(String(decl.id));
        throw fault(`${term}: its id names another term of OASF ${version}`, decl.path, `${decl.id} is ${other ? JSON.stringify(other.alternativeIds[0]) : 'no term'}, not ${JSON.stringify(slug)}`);
      }
    } else {
      if (terms.byId.size === 0) throw fault(`${term} is given by id only, and OASF ${version} as bundled has no numeric ids`, decl.path, String(decl.id));
      known = terms.byId.get(String(decl.id));
      if (!known) throw fault(`${term} is given by an id OASF ${version} does not have`, decl.path, String(decl.id));
      slug = known.alternativeIds[0]!;
    }
  } else {
    if (slug === undefined) throw fault(`${term} is given by id only, and OASF ${version} is not bundled with ioa-align to name it`, decl.path, `${decl.id}; give its name path`);
    context.warn(`OASF ${version} is not bundled with ioa-align (0.8.0, 1.0.0 and 1.1.0 are): its declared slugs are taken as written, unchecked`);
  }
  const leaf = slug!.split('/').pop()!;
  const declared: DeclaredOasfTerm = { part: decl.part, schemaVersion: version, slug: slug!, iri: oasfIri(version, decl.part, leaf), ...(decl.id !== undefined ? { id: decl.id } : {}) };
  const d = draft({
    iri: `${base}#${decl.part}/${slug}`, kind: decl.part === 'skills' ? 'capability' : 'domain', localName: leaf, path: decl.path,
    provenance: { format: 'oasf-declared-term', recordId: slug!, schema: `OASF ${version}`, ...(recordVersion ? { version: recordVersion } : {}) },
  });
  if (known) {
    for (const label of known.labels) d.labels.push({ text: label.text, source: label.source });
    if (known.definitions[0]) d.description = known.definitions[0];
    d.notations = [...known.notations];
  } else {
    d.labels.push({ text: splitIdentifier(leaf), source: 'name' });
    if (decl.id !== undefined) d.notations = [String(decl.id)];
  }
  d.alternativeIds.push(slug!);
  d.declared = declared;
  return d;
}

/** The record's own concept: its name and description. */
function recordDraft(json: JsonObject, iri: string, path: JsonPathSegments, what: string, provenance: RecordDraft['provenance']): RecordDraft {
  const name = requiredString(json, 'name', path, what);
  const d = draft({ iri, kind: 'capability', localName: name.split('/').pop()!, path, provenance });
  d.labels.push({ text: splitIdentifier(name.split('/').pop()!), source: 'name' });
  const description = optionalString(json, 'description', path, what);
  if (description) d.description = description;
  d.alternativeIds.push(name);
  return d;
}

/** Units for the terms one OASF entry declares, each checked when built. */
function termUnits(entry: JsonObject, at: JsonPathSegments, rawVersion: unknown, versionPath: JsonPathSegments, base: string, recordVersion: string | undefined, what: string, context: LayoutContext): Unit[] {
  // Without a usable version no declaration can be read: the fault stands for each of them, so a
  // skip summary counts what was lost.
  const listed = PARTS.reduce((n, part) => n + (Array.isArray(entry[part]) ? (entry[part] as unknown[]).length : entry[part] === undefined || entry[part] === null ? 0 : 1), 0);
  const lost = (error: RecordFault): Unit[] => [failedUnit(error, Math.max(1, listed))];
  if (rawVersion === undefined || rawVersion === null) return lost(fault(`${what}: the OASF version is missing`, versionPath));
  if (typeof rawVersion !== 'string') return lost(fault(`${what}: the OASF version is not a string`, versionPath, JSON.stringify(rawVersion)));
  let version: string;
  try {
    version = oasfSchemaVersion(rawVersion, versionPath, what, context);
  } catch (error) {
    if (error instanceof RecordFault) return lost(error);
    throw error;
  }
  // Each part on its own: a malformed `domains` does not take the well-formed `skills` with it.
  const units: Unit[] = [];
  for (const part of PARTS) {
    try {
      const decls = declarations(entry[part], part, [...at, part], what);
      units.push(...decls.map((decl) => ({ path: decl.path, build: () => termDraft(decl, version, base, recordVersion, what, context) })));
    } catch (error) {
      if (error instanceof RecordFault) units.push(failedUnit(error));
      else throw error;
    }
  }
  return units;
}

/** Members only an A2A Agent Card has: a card is never taken for an OASF record. */
const A2A_CARD_MEMBERS = ['supportedInterfaces', 'url', 'protocolVersion', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'preferredTransport'];

/**
 * An object without `schema_version` that still declares OASF terms: some skill or domain is
 * given as a name path (`a/b`) or by a numeric id, which no A2A skill is. Recognised so that the
 * missing version is reported as such, not as a broken Agent Card.
 */
function declaresOasfTerms(value: JsonObject): boolean {
  if (A2A_CARD_MEMBERS.some((k) => k in value)) return false;
  return PARTS.some((part) => {
    const list = value[part];
    return Array.isArray(list) && list.some((e: unknown) => (typeof e === 'string' && e.includes('/')) || (isObject(e) && ((typeof e.name === 'string' && e.name.includes('/')) || typeof e.id === 'number')));
  });
}

const recordId = (name: unknown, fallback: string): string => encodeURIComponent(typeof name === 'string' && name.trim() ? name.trim() : fallback);

export const oasfRecordLayout: Layout = {
  name: 'OASF record or slug list',
  // A `skills` or `domains` field of any type makes it one: a wrong type is a fault to report,
  // not a reason to read the file as some other layout and lose the declarations.
  recognises: (value) => isObject(value) && PARTS.some((p) => value[p] !== undefined) && (value.schema_version !== undefined || declaresOasfTerms(value)),
  expand(value, path, context): Unit[] {
    const json = value as JsonObject;
    const named = typeof json.name === 'string';
    const what = named ? 'OASF record' : 'OASF slug list';
    // A record's name of another type would otherwise read the file as a slug list, without the record.
    if (json.name !== undefined && !named) return [failedUnit(fault('OASF record: "name" is not a string', [...path, 'name'], JSON.stringify(json.name)))];
    if (json.version !== undefined && typeof json.version !== 'string') return [failedUnit(fault(`${what}: "version" is not a string`, [...path, 'version'], JSON.stringify(json.version)))];
    const base = named ? `${OASF_RECORD_BASE}${recordId(json.name, '')}` : `${OASF_SLUGS_BASE}${encodeURIComponent(context.stem)}`;
    const version = typeof json.version === 'string' ? json.version.trim() || undefined : undefined;
    const units: Unit[] = [];
    if (named) {
      units.push({ path, build: () => recordDraft(json, base, path, what, { format: 'oasf-record', recordId: String(json.name).trim(), ...(version ? { version } : {}), schema: `OASF ${String(json.schema_version).trim()}` }) });
    }
    units.push(...termUnits(json, path, json.schema_version, [...path, 'schema_version'], base, version, what, context));
    return units;
  },
  collection(value, context) {
    const json = value as JsonObject;
    const version = typeof json.version === 'string' && json.version.trim() ? { version: json.version.trim() } : {};
    return typeof json.name === 'string' ? { iri: `${OASF_RECORD_BASE}${recordId(json.name, '')}`, ...version } : { iri: `${OASF_SLUGS_BASE}${encodeURIComponent(context.stem)}` };
  },
};

/**
 * The `OASF` entries of an ERC-8004 registration's `endpoints` (or `services`). A list that is
 * no array, an entry that is no object or an entry without a string name is a fault: skipping
 * it could drop the OASF entry unseen.
 */
function oasfEntries(json: JsonObject, path: JsonPathSegments, what: string): Array<{ entry: JsonObject; at: JsonPathSegments }> {
  const out: Array<{ entry: JsonObject; at: JsonPathSegments }> = [];
  for (const key of ['endpoints', 'services']) {
    const list = json[key];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) throw fault(`${what}: "${key}" is not an array`, [...path, key]);
    list.forEach((entry: unknown, i) => {
      if (!isObject(entry)) throw fault(`${what}: an entry of "${key}" is not an object`, [...path, key, i], JSON.stringify(entry));
      if (typeof entry.name !== 'string') throw fault(`${what}: an entry of "${key}" has no string "name"`, [...path, key, i, 'name']);
      if (entry.name.trim().toUpperCase() === 'OASF') out.push({ entry, at: [key, i] });
    });
  }
  return out;
}

export const erc8004Layout: Layout = {
  name: 'ERC-8004 registration',
  recognises: (value) => isObject(value) && typeof value.type === 'string' && ERC_8004_TYPE.test(value.type),
  expand(value, path, context): Unit[] {
    const json = value as JsonObject;
    const what = 'ERC-8004 registration';
    const base = `${ERC_8004_BASE}${recordId(json.name, context.stem)}`;
    const units: Unit[] = [{ path, build: () => recordDraft(json, base, path, what, { format: 'oasf-record', recordId: String(json.name ?? '').trim(), schema: 'ERC-8004 registration-v1' }) }];
    let entries: ReturnType<typeof oasfEntries>;
    try {
      entries = oasfEntries(json, path, what);
    } catch (error) {
      if (error instanceof RecordFault) return [...units, failedUnit(error)];
      throw error;
    }
    for (const { entry, at } of entries) {
      units.push(...termUnits(entry, [...path, ...at], entry.version, [...path, ...at, 'version'], base, undefined, `${what} OASF entry`, context));
    }
    return units;
  },
  collection: (value, context) => ({ iri: `${ERC_8004_BASE}${recordId((value as JsonObject).name, context.stem)}` }),
};
