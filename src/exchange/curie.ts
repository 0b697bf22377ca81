/**
 * CURIE expansion and contraction for the exchange formats.
 *
 * SSSOM writes identifiers as CURIEs whose prefixes are declared in `curie_map`; a few prefixes
 * are built in and need no declaration (SSSOM spec, "IRI prefixes"). Readers expand every
 * identifier to a full IRI so that two files using different prefixes for one namespace compare
 * equal; writers contract again with the set's own `curie_map`.
 */
import { NS } from '../model/vocabulary.js';
import { IoaError } from '../model/errors.js';

/** Prefixes every SSSOM reader must know without a `curie_map` entry (SSSOM 1.1, "IRI prefixes"). */
export const BUILTIN_PREFIXES: Readonly<Record<string, string>> = {
  sssom: NS.sssom,
  owl: NS.owl,
  rdf: NS.rdf,
  rdfs: NS.rdfs,
  skos: NS.skos,
  semapv: NS.semapv,
  xsd: NS.xsd,
  linkml: 'https://w3id.org/linkml/',
};

/**
 * Prefixes a reviewer writes without thinking of `curie_map` (`reviewer_id: orcid:0000-…`, a
 * match field `oboInOwl:hasExactSynonym`). They are not SSSOM built-ins, so a file that uses them
 * undeclared is incomplete; readers accept them with a warning (and refuse them in strict mode).
 */
export const WELL_KNOWN_PREFIXES: Readonly<Record<string, string>> = {
  orcid: NS.orcid,
  oboInOwl: NS.oboInOwl,
};

/**
 * Prefixes every `curie_map` ioa-align writes for review declares, used or not, so that a
 * reviewer's `orcid:…` or `skos:narrowMatch` needs no edit of the metadata.
 */
export const REVIEW_PREFIXES: readonly (keyof typeof NS)[] = ['oboInOwl', 'orcid', 'owl', 'rdfs', 'semapv', 'skos'];

/** canonicalTerm runs twice per mapping read: the entries once, not per call. */
const BUILTIN_ENTRIES = Object.entries(BUILTIN_PREFIXES);

/** URI schemes whose values are taken as full IRIs rather than CURIEs with an unknown prefix. */
const IRI_SCHEMES = new Set(['http', 'https', 'urn', 'ftp', 'file', 'mailto', 'tag', 'doi']);

const PREFIX_RE = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Identifiers a PrefixMap remembers the contraction of. */
const CONTRACTED_LIMIT = 1 << 20;

export type ExpandResult = { ok: true; iri: string } | { ok: false; prefix: string };

/** A prefix map with fast lookup both ways. Built-ins apply unless the map redefines them. */
export class PrefixMap {
  readonly map: Readonly<Record<string, string>>;
  /** Namespaces, longest first, so contraction picks the most specific prefix. */
  private readonly byNamespace: [string, string][];
  private readonly contracted = new Map<string, string>();

  constructor(curieMap: Readonly<Record<string, string>>) {
    this.map = { ...BUILTIN_PREFIXES, ...curieMap };
    // Built-ins contract too: every SSSOM reader knows them without a declaration.
    this.byNamespace = Object.entries(this.map)
      .map(([prefix, ns]): [string, string] => [ns, prefix])
      .sort((a, b) => b[0].length - a[0].length || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  }

  /** Expand a CURIE; full IRIs (known scheme, or `://`) pass through unchanged. */
  expand(value: string): ExpandResult {
    const colon = value.indexOf(':');
    if (colon <= 0) return { ok: false, prefix: colon === 0 ? '' : value };
    const prefix = value.slice(0, colon);
    const ns = this.map[prefix];
    if (ns !== undefined) return { ok: true, iri: ns + value.slice(colon + 1) };
    if (IRI_SCHEMES.has(prefix.toLowerCase()) || value.slice(colon, colon + 3) === '://') return { ok: true, iri: value };
    return { ok: false, prefix };
  }

  /**
   * The CURIE for an IRI when a declared or built-in prefix covers it (never another prefix, so
   * a writer emits no prefix the file does not declare); else the IRI itself.
   */
  contract(iri: string): string {
    // A writer contracts each identifier once per row it appears in (ten rows per subject):
    // the answer is remembered, bounded so a long-lived map does not grow without limit.
    const known = this.contracted.get(iri);
    if (known !== undefined) return known;
    let curie = iri;
    for (const [ns, prefix] of this.byNamespace) {
      if (iri.length > ns.length && iri.startsWith(ns)) {
        const local = iri.slice(ns.length);
        // A local part with whitespace, `|` (SSSOM's multi-value separator) or a second scheme
        // would not survive the trip back; keep the IRI then.
        if (!/[\s|]/.test(local) && !local.includes('://') && !local.startsWith('/')) {
          curie = `${prefix}:${local}`;
          break;
        }
      }
    }
    if (this.contracted.size >= CONTRACTED_LIMIT) this.contracted.clear();
    this.contracted.set(iri, curie);
    return curie;
  }
}

/**
 * Predicates and justifications are compared across the project as CURIEs of the standard
 * vocabularies (`skos:exactMatch`, `semapv:LexicalMatching`, see PREDICATE_OF_RELATION): expand,
 * then contract with the built-in prefixes only, so `skos:exactMatch` and its full IRI agree.
 */
export function canonicalTerm(iri: string): string {
  for (const [prefix, ns] of BUILTIN_ENTRIES) {
    if (iri.startsWith(ns) && iri.length > ns.length) return `${prefix}:${iri.slice(ns.length)}`;
  }
  return iri;
}

export function isValidPrefix(prefix: string): boolean {
  return PREFIX_RE.test(prefix);
}

/**
 * The namespace and a suggested prefix of an IRI: OBO-style `…/HP_0001` gives (`…/HP_`, `HP`);
 * otherwise the IRI up to its last `#` or `/`, named after the last path segment.
 */
export function namespaceOf(iri: string): { ns: string; prefix: string } | undefined {
  const cut = Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/'));
  if (cut < 0 || cut === iri.length - 1) return undefined;
  const base = iri.slice(0, cut + 1);
  const local = iri.slice(cut + 1);
  // `http://mouse.owl` would give the namespace `http://`, a prefix that swallows every IRI.
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/*$/.test(base)) return undefined;
  // OBO style `…/obo/HP_0000118`: the id space is the prefix. Only digits after the underscore
  // count, so names such as OASF's `…/skills/audit_trail_summarization` keep their folder.
  const obo = /^([A-Za-z][A-Za-z0-9]*)_\d+$/.exec(local);
  if (obo?.[1] && iri[cut] === '/') return { ns: `${base}${obo[1]}_`, prefix: obo[1] };
  const segments = base.replace(/[#/]+$/, '').split(/[/#:]/).filter(Boolean);
  let name = (segments[segments.length - 1] ?? 'ns').replace(/\.(owl|rdf|ttl|xml|obo|jsonld|json)$/i, '');
  name = name.replace(/[^A-Za-z0-9_.-]/g, '_');
  // A segment with no ASCII letter or digit (`…/ü/`, `…/オントロジー#`) would give `_`, `______`:
  // `_` is the blank-node prefix of CURIEs, Turtle and JSON-LD (`_:Herz` is no IRI there).
  if (!/[A-Za-z0-9]/.test(name)) name = 'ns';
  else if (!/^[A-Za-z_]/.test(name)) name = `ns_${name}`;
  return { ns: base, prefix: name };
}

/** The scheme of an IRI (`did` of `did:web:a.example`), when it has one. */
const SCHEME_RE = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** True when `iri`, written as `prefixes` contract it, reads back as the same IRI. */
function readsBack(iri: string, prefixes: PrefixMap): boolean {
  const back = prefixes.expand(prefixes.contract(iri));
  return back.ok && back.iri === iri;
}

/**
 * A `curie_map` covering the given IRIs plus the standard prefixes the writer uses. Prefix names
 * are made unique with a numeric suffix; a namespace gets one prefix however often it occurs.
 *
 * An IRI with no `/` or `#` to cut at, under a scheme readers do not take as a full IRI
 * (`did:web:a.example:translate`, `isbn:…`), gets a prefix named after its scheme that expands
 * to the scheme itself (`did: "did:"`): written as it is, it then reads back as the same IRI.
 *
 * @throws IoaError E_EXCHANGE_UNREPRESENTABLE (such an IRI whose scheme is a prefix already
 *   taken for another namespace: it could be written only as something that reads otherwise)
 */
export function buildCurieMap(iris: Iterable<string>, standard: readonly (keyof typeof NS)[] = REVIEW_PREFIXES): Record<string, string> {
  const map: Record<string, string> = {};
  const taken = new Map<string, string>();
  for (const p of standard) {
    map[p] = NS[p];
    taken.set(NS[p], p);
  }
  const standardNs = [...taken.keys()];
  const namespaces = new Map<string, string>();
  const all = [...iris];
  const bare = new PrefixMap({});
  for (const iri of all) {
    if (standardNs.some((ns) => iri.startsWith(ns))) continue;
    const found = namespaceOf(iri);
    if (found && !namespaces.has(found.ns)) namespaces.set(found.ns, found.prefix);
    // Schemes of IRIs no namespace can cover are reserved before namespaces are named.
    if (!found && !readsBack(iri, bare)) reserveScheme(iri, map);
  }
  collapseSiblings(namespaces);
  for (const [ns, wanted] of [...namespaces].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (taken.has(ns)) continue;
    let prefix = wanted;
    for (let i = 2; prefix in map || prefix in BUILTIN_PREFIXES; i++) prefix = `${wanted}${i}`;
    map[prefix] = ns;
    taken.set(ns, prefix);
  }
  // Any IRI still written raw under such a scheme (a local part contraction must leave alone).
  let prefixes = new PrefixMap(map);
  for (const iri of all) {
    if (readsBack(iri, prefixes)) continue;
    if (!reserveScheme(iri, map)) {
      throw new IoaError('E_EXCHANGE_UNREPRESENTABLE', `the IRI ${iri} cannot be written as an SSSOM identifier: it has no namespace to cut, and its scheme is a prefix the file uses for another namespace, so it would read back as another IRI`);
    }
    prefixes = new PrefixMap(map);
  }
  return map;
}

/** How many namespaces one path must hold before they are written under one prefix. */
const SIBLING_NAMESPACES = 8;

/**
 * Namespaces minted per record under one path — `…/servers/io.github.acme/` for every publisher
 * of an MCP registry, `https://a2a.example/<agent>/skills/` for every agent card — would give a
 * `curie_map` of hundreds of prefixes (`skills`, `skills2` … `skills31`, the taxonomy's own
 * among them). Where a path holds at least SIBLING_NAMESPACES of the namespaces found, they are
 * replaced by that path (the deepest such path), and the local parts keep the rest:
 * `servers:io.github.acme/mcp-redis`. A CURIE's reference may hold `/`, so every identifier still
 * reads back as the same IRI. Paths are cut only after the authority: a bare `https://` never
 * becomes a namespace.
 */
function collapseSiblings(namespaces: Map<string, string>): void {
  const pathsOf = (ns: string): string[] => {
    const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]+\//.exec(ns);
    if (!authority || !ns.endsWith('/')) return [];
    const paths: string[] = [];
    for (let at = authority[0].length - 1; at >= 0 && at < ns.length - 1; at = ns.indexOf('/', at + 1)) paths.push(ns.slice(0, at + 1));
    return paths;
  };
  const held = new Map<string, number>();
  for (const ns of namespaces.keys()) for (const path of pathsOf(ns)) held.set(path, (held.get(path) ?? 0) + 1);
  if (![...held.values()].some((n) => n >= SIBLING_NAMESPACES)) return;
  for (const ns of [...namespaces.keys()]) {
    const path = pathsOf(ns).reverse().find((p) => held.get(p)! >= SIBLING_NAMESPACES);
    if (path === undefined) continue;
    namespaces.delete(ns);
    if (!namespaces.has(path)) namespaces.set(path, namespaceOf(`${path}x`)?.prefix ?? 'ns');
  }
}

/**
 * Declare `scheme: "scheme:"` for the scheme of `iri` when that prefix is free (or already that);
 * false when the IRI has no scheme that can be a prefix, or the prefix is taken.
 */
function reserveScheme(iri: string, map: Record<string, string>): boolean {
  const scheme = SCHEME_RE.exec(iri)?.[1];
  if (scheme === undefined || !isValidPrefix(scheme)) return false;
  const ns = `${scheme}:`;
  if (map[scheme] === ns) return true;
  if (scheme in map || scheme in BUILTIN_PREFIXES) return false;
  map[scheme] = ns;
  return true;
}
