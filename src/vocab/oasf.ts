/**
 * OASF (AGNTCY Open Agentic Schema Framework) skill and domain taxonomies, read as published:
 * one JSON file per class (`uid`, `name`, `caption`, `description`, `extends`, `category`).
 *
 * Identity is the leaf `name` within a schema version, in OASF's own page form
 * `https://schema.oasf.outshift.com/<schema version>/skills/<name>` (and `…/domains/<name>`).
 * The numeric id (parent id × 100 + `uid`) is kept only as a notation: OASF reused numeric ids
 * for different skills between releases (1004 is agent_coordination in schema 1.0.0 and
 * threat_modeling in 1.1.0), so it is never identity and never evidence of a match.
 *
 * The schema version comes from `schema/version.json`, not from the release tag: tag v1.1.1
 * carries schema 1.1.0, tag v1.0.4 carries 1.0.0.
 *
 * Accepted locations: a release folder (holding `schema/`), the `schema/` folder itself, or its
 * `skills/` or `domains/` subfolder (the version is then read from the parent's version.json).
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { addDefinition, emptyConcept, type Concept, type ConceptKind } from '../model/concept.js';
import { IoaError } from '../model/errors.js';
import { buildOntologyIndex, type OntologyIndex } from '../model/ontology-index.js';
import { splitIdentifier } from '../text/identifiers.js';
import { addLabel, addUnique, isObject, optionalString, readJsonFile, requireString, vocabError } from './common.js';

export const OASF_BASE = 'https://schema.oasf.outshift.com/';

/** The two taxonomies of an OASF schema and what they become. */
export type OasfPart = 'skills' | 'domains';
const PARTS: Record<OasfPart, { kind: ConceptKind; root: string }> = {
  skills: { kind: 'capability', root: 'base_skill' },
  domains: { kind: 'domain', root: 'base_domain' },
};
const PART_NAMES = Object.keys(PARTS) as OasfPart[];

/** Where the taxonomy folders and version.json of a location are. */
export interface OasfLayout {
  /** The `schema/` folder (holds version.json when the release has one). */
  schemaDir: string;
  parts: OasfPart[];
}

export function oasfIri(version: string, part: OasfPart, name: string): string {
  return `${OASF_BASE}${version}/${part}/${name}`;
}

async function exists(path: string, what: 'file' | 'dir'): Promise<boolean> {
  try {
    const s = await stat(path);
    return what === 'file' ? s.isFile() : s.isDirectory();
  } catch {
    return false;
  }
}

async function presentParts(schemaDir: string): Promise<OasfPart[]> {
  const parts: OasfPart[] = [];
  for (const part of PART_NAMES) if (await exists(join(schemaDir, part), 'dir')) parts.push(part);
  return parts;
}

/**
 * Works out which of the natural locations `dir` is; undefined when it looks like no OASF
 * folder at all (so the loader dispatch can try other sources).
 */
export async function oasfLayout(dir: string): Promise<OasfLayout | undefined> {
  if (!(await exists(dir, 'dir'))) return undefined;
  // release folder: <tag>/schema/{version.json, skills, domains}
  const nested = join(dir, 'schema');
  if (await exists(nested, 'dir')) {
    const parts = await presentParts(nested);
    if (parts.length) return { schemaDir: nested, parts };
  }
  // schema folder: {version.json, skills, domains}
  const direct = await presentParts(dir);
  if (direct.length && ((await exists(join(dir, 'version.json'), 'file')) || basename(dir) === 'schema')) {
    return { schemaDir: dir, parts: direct };
  }
  // one taxonomy: skills/ or domains/ with its base class file
  const name = basename(dir) as OasfPart;
  if (PART_NAMES.includes(name) && (await exists(join(dir, `${PARTS[name].root}.json`), 'file'))) {
    return { schemaDir: dirname(dir), parts: [name] };
  }
  return undefined;
}

/** Sub-folders of `dir` that are OASF releases (the folder one level above a release). */
async function releasesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const releases: string[] = [];
  for (const e of entries) {
    if (e.isDirectory() && (await exists(join(dir, e.name, 'schema', 'version.json'), 'file'))) releases.push(e.name);
  }
  return releases.sort();
}

/**
 * True for the natural OASF locations, and for a folder of releases, so that `loadOasf` can say
 * which release to pass instead of the RDF reader's "not a regular file".
 */
export async function isOasfLocation(location: string): Promise<boolean> {
  return (await oasfLayout(location)) !== undefined || (await exists(location, 'dir') && (await releasesIn(location)).length > 0);
}

async function readSchemaVersion(schemaDir: string): Promise<string> {
  const file = join(schemaDir, 'version.json');
  if (!(await exists(file, 'file'))) {
    throw vocabError('no version.json beside the OASF taxonomy: the schema version is part of every IRI, so it cannot be guessed', { file });
  }
  const json = await readJsonFile(file);
  if (!isObject(json)) throw vocabError('version.json must be a JSON object', { file, path: '$' });
  const version = requireString(json, 'version', file, '$');
  if (!/^[0-9A-Za-z.+-]+$/.test(version)) throw vocabError(`"version" ${JSON.stringify(version)} cannot be used in an IRI path`, { file, path: '$.version' });
  return version;
}

/**
 * The JSON files under a taxonomy folder, symbolic links followed (a category folder or a class
 * file linked in from elsewhere is part of the taxonomy; `readdir`'s own recursion would skip it
 * without a word). A folder reached twice (a link back up) is read once; a dangling link is an
 * error, not a silent gap.
 */
async function jsonFilesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walked = new Set<string>();
  const walk = async (folder: string): Promise<void> => {
    const real = await realpath(folder);
    if (walked.has(real)) return;
    walked.add(real);
    for (const e of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, e.name);
      const kind = e.isSymbolicLink() ? await stat(path) : e;
      if (kind.isDirectory()) await walk(path);
      else if (kind.isFile() && e.name.endsWith('.json')) files.push(path);
    }
  };
  try {
    await walk(dir);
  } catch (cause) {
    throw new IoaError('E_FILE_UNREADABLE', `cannot list the taxonomy folder: ${(cause as Error).message}`, { file: dir }, { cause });
  }
  return files.sort();
}

/** One class file as published. */
interface OasfClass {
  file: string;
  name: string;
  caption: string;
  description?: string;
  uid?: number;
  extends?: string;
  category: boolean;
}

function parseClass(json: unknown, file: string): OasfClass {
  if (!isObject(json)) throw vocabError('an OASF class file must hold one JSON object', { file, path: '$' });
  const name = requireString(json, 'name', file, '$');
  if (!/^[a-z0-9_]+$/.test(name)) throw vocabError(`"name" ${JSON.stringify(name)} is not an OASF snake_case key`, { file, path: '$.name' });
  // 1.x marks a top category with `"category": true`; 0.8.0 names the category a class opens
  // (`"category": "audio"` in audio.json, `"other"` on the abstract base).
  const category = json.category;
  if (category !== undefined && typeof category !== 'boolean' && typeof category !== 'string') {
    throw vocabError('"category" must be a boolean (OASF 1.x) or the name of the category the class opens (OASF 0.8.0)', { file, path: '$.category' });
  }
  const cls: OasfClass = { file, name, caption: requireString(json, 'caption', file, '$'), category: category === true || category === name };
  const description = optionalString(json, 'description', file, '$');
  if (description !== undefined) cls.description = description;
  const ext = optionalString(json, 'extends', file, '$');
  if (ext !== undefined) cls.extends = ext;
  if (json.uid !== undefined) {
    if (typeof json.uid !== 'number' || !Number.isInteger(json.uid) || json.uid < 0 || json.uid > 99) {
      throw vocabError('"uid" must be an integer from 0 to 99 (a class id is parent id × 100 + uid)', { file, path: '$.uid' });
    }
    cls.uid = json.uid;
  }
  return cls;
}

interface PartResult {
  concepts: Concept[];
  warnings: string[];
}

async function loadPart(schemaDir: string, part: OasfPart, version: string, onProgress?: (done: number, total: number) => void): Promise<PartResult> {
  const { kind, root } = PARTS[part];
  const dir = join(schemaDir, part);
  const files = await jsonFilesUnder(dir);
  const byName = new Map<string, OasfClass>();
  let done = 0;
  for (const file of files) {
    const cls = parseClass(await readJsonFile(file), file);
    const prior = byName.get(cls.name);
    // Leaf names are the IRIs' last segment: two files with one name would merge two classes.
    if (prior) throw vocabError(`class name "${cls.name}" is declared twice (also in ${relative(dir, prior.file)})`, { file, path: '$.name' });
    byName.set(cls.name, cls);
    onProgress?.(++done, files.length);
  }
  if (!byName.has(root)) throw vocabError(`no ${root}.json: not an OASF ${part} taxonomy`, { file: dir });

  const chain = (cls: OasfClass): OasfClass[] => {
    const path: OasfClass[] = [];
    for (let c: OasfClass | undefined = cls; c && c.name !== root;) {
      if (path.includes(c)) throw vocabError(`"extends" forms a cycle through ${c.name}`, { file: c.file, path: '$.extends' });
      path.unshift(c);
      if (c.extends === undefined) throw vocabError(`"extends" is missing (every ${part} class except ${root} extends another)`, { file: c.file, path: '$.extends' });
      const parent = byName.get(c.extends);
      if (!parent) throw vocabError(`"extends" names "${c.extends}", which is not a class of this ${part} taxonomy`, { file: c.file, path: '$.extends' });
      c = parent;
    }
    return path;
  };

  const concepts: Concept[] = [];
  const warnings: string[] = [];
  const seenIds = new Map<number, string>();
  const withoutId: string[] = [];
  for (const cls of byName.values()) {
    if (cls.name === root) continue; // the abstract base: "not meant to be used as an actual skill"
    const path = chain(cls);
    const concept = emptyConcept(oasfIri(version, part, cls.name), kind, cls.name);
    addLabel(concept, cls.caption, 'caption');
    addLabel(concept, splitIdentifier(cls.name), 'name');
    if (cls.description) addDefinition(concept, cls.description, 'dcterms:description');
    const parent = path.length > 1 ? path[path.length - 2]! : undefined;
    if (parent) concept.parents.push(oasfIri(version, part, parent.name));
    addUnique(concept.alternativeIds, path.map((c) => c.name).join('/'));
    if (path.every((c) => c.uid !== undefined)) {
      const id = path.reduce((acc, c) => acc * 100 + c.uid!, 0);
      concept.notations.push(String(id));
      const other = seenIds.get(id);
      if (other) warnings.push(`${part}: numeric id ${id} is carried by both ${other} and ${cls.name}`);
      else seenIds.set(id, cls.name);
    } else {
      withoutId.push(cls.name);
    }
    concepts.push(concept);
  }
  // OASF 0.8.0 gives its categories no uid (their ids lived outside the class files): one line
  // for the whole taxonomy rather than one per class.
  if (withoutId.length > 0) {
    const sample = withoutId.slice(0, 3).join(', ');
    warnings.push(`${part}: ${withoutId.length} class(es) have no numeric id, because a class on their path has no "uid" (${sample}${withoutId.length > 3 ? ', …' : ''}); they are identified by name only`);
  }
  // Stable order independent of the file system: by name path.
  concepts.sort((a, b) => (a.alternativeIds[0]! < b.alternativeIds[0]! ? -1 : a.alternativeIds[0]! > b.alternativeIds[0]! ? 1 : 0));
  return { concepts, warnings };
}

export interface OasfLoadOptions {
  onProgress?: (done: number, total: number) => void;
}

/** Load an OASF release, schema folder or one taxonomy folder as an OntologyIndex. */
export async function loadOasf(location: string, options: OasfLoadOptions = {}): Promise<OntologyIndex> {
  const layout = await oasfLayout(location);
  if (!layout) {
    const releases = await releasesIn(location);
    if (releases.length > 0) {
      throw new IoaError('E_VOCAB_INVALID', `this folder holds ${releases.length} OASF release(s) (${releases.join(', ')}): pass one of them, or its schema/skills or schema/domains folder`, { file: location });
    }
    throw new IoaError('E_VOCAB_INVALID', 'not an OASF folder: expected a release folder (with schema/), a schema folder (with skills/ or domains/) or a skills/ or domains/ folder', { file: location });
  }
  const version = await readSchemaVersion(layout.schemaDir);
  const concepts: Concept[] = [];
  const warnings: string[] = [];
  for (const part of layout.parts) {
    const result = await loadPart(layout.schemaDir, part, version, options.onProgress);
    concepts.push(...result.concepts);
    warnings.push(...result.warnings);
  }
  const iri = layout.parts.length === 1 ? `${OASF_BASE}${version}/${layout.parts[0]}` : `${OASF_BASE}${version}`;
  // The schema version is a path segment of every IRI, and numeric ids are reused across
  // releases: what a version diff needs to know to compare two releases.
  return buildOntologyIndex({ source: location, concepts, iri, version, warnings, identifiers: { iriVersionSegment: version, stableNotations: false } });
}
