/**
 * Reading fields off an expanded node object with closed-set checks (Section 5.4): presence,
 * cardinality, type and identifier form. Paths in findings point into the document as sent.
 */
import { NS } from '../model/vocabulary.js';
import { BASELINE_NAME_OF, BASELINE_TERMS } from './context.js';
import type { Resolved } from './expansion.js';
import { childPath, describeType, isObject, type Findings, type JsonObject } from './findings.js';
import { describeIriCharacter } from '../text/iri.js';
import { iriProblem } from './syntax.js';
import type { DraftSection } from './types.js';

const IOA = NS.ioa;
const XSD_STRING = `${NS.xsd}string`;
export const RDFS_LABEL = `${NS.rdfs}label`;

/** The compact name used in messages: the baseline term name when there is one. */
export const nameOf = (iri: string): string => BASELINE_NAME_OF.get(iri) ?? iri;

export const ioa = (local: string): string => IOA + local;

export class NodeReader {
  private keyMap: Map<string, string> | undefined;
  private readonly seen = new Set<string>(['@id', '@type']);

  constructor(
    readonly node: JsonObject,
    private rawSource: JsonObject | undefined | (() => JsonObject | undefined),
    private pathSource: string | (() => string),
    private readonly f: Findings,
    private readonly r: Resolved,
    private readonly prefixes: () => ReadonlyMap<string, string>,
  ) {}

  /** This node as the sender wrote it (resolved lazily: only findings need it). */
  get raw(): JsonObject | undefined {
    if (typeof this.rawSource === 'function') this.rawSource = this.rawSource();
    return this.rawSource;
  }

  /** JSON path of this node in the document as sent. */
  get path(): string {
    if (typeof this.pathSource === 'function') this.pathSource = this.pathSource();
    return this.pathSource;
  }

  /** Expanded IRI → the key the sender wrote; built only when a finding needs a path. */
  private get keyOf(): ReadonlyMap<string, string> {
    if (this.keyMap) return this.keyMap;
    const map = new Map<string, string>();
    const prefixes = this.prefixes();
    for (const key of Object.keys(this.raw ?? {})) {
      if (key.startsWith('@')) continue;
      let iri = BASELINE_TERMS.get(key)?.iri ?? prefixes.get(key);
      if (iri === undefined) {
        const colon = key.indexOf(':');
        const prefix = colon > 0 ? prefixes.get(key.slice(0, colon)) : undefined;
        iri = prefix !== undefined ? prefix + key.slice(colon + 1) : key;
      }
      if (!map.has(iri)) map.set(iri, key);
    }
    this.keyMap = map;
    return map;
  }

  /** JSON path of property `iri` (and of its `index`-th value when the sender wrote an array). */
  pathOf(iri: string, index?: number): string {
    if (iri === '@id' || iri === '@type') {
      const base = childPath(this.path, iri);
      return index !== undefined && Array.isArray(this.raw?.[iri]) ? `${base}[${index}]` : base;
    }
    const key = this.keyOf.get(iri);
    const base = childPath(this.path, key ?? nameOf(iri));
    if (index === undefined) return base;
    return key !== undefined && Array.isArray(this.raw?.[key]) ? `${base}[${index}]` : base;
  }

  private rawValue(iri: string, index: number): unknown {
    const key = this.keyOf.get(iri);
    if (key === undefined || !this.raw) return undefined;
    const v = this.raw[key];
    return Array.isArray(v) ? v[index] : v;
  }

  private values(iri: string): unknown[] | undefined {
    this.seen.add(iri);
    const v = this.node[iri];
    return v === undefined ? undefined : Array.isArray(v) ? v : [v];
  }

  /** `@id` of the node, if any, checked to be absolute. */
  id(section: DraftSection, required: boolean): string | undefined {
    const id = this.node['@id'];
    if (id === undefined) {
      if (required) this.f.add('E_INVALID_MISSING_FIELD', this.path, 'the node must be identified by "@id"', section, 'add "@id" with the capability IRI');
      return undefined;
    }
    if (typeof id !== 'string') return undefined; // jsonld rejects non-string @id before this
    return this.checkIri(id, this.pathOf('@id'), '"@id"') ? id : undefined;
  }

  /** `@type` must include `required`; other core (ioa) types are contradictions; others are extensions. */
  type(required: string, section: DraftSection): boolean {
    const types = this.node['@type'];
    const list = Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : [];
    if (!list.includes(required)) {
      this.f.add('E_INVALID_NODE_TYPE', list.length === 0 ? this.path : this.pathOf('@type'),
        list.length === 0
          ? `"@type" is missing; it must identify ${required.replace(IOA, 'ioa:')} (types are never inferred)`
          : `"@type" must identify ${required.replace(IOA, 'ioa:')}, got ${list.map((t) => t.replace(IOA, 'ioa:')).join(', ')}`,
        section, `set "@type": "${required.replace(IOA, 'ioa:')}"`);
      return false;
    }
    list.forEach((t, i) => {
      if (t === required) return;
      if (t.startsWith(IOA)) {
        this.f.add('E_INVALID_NODE_TYPE', this.pathOf('@type', i), `a ${required.replace(IOA, 'ioa:')} node cannot also be ${t.replace(IOA, 'ioa:')}`, section);
      } else {
        this.extension(this.pathOf('@type', i), `additional type ${t}`);
      }
    });
    return true;
  }

  /** IRI form findings always cite 6.1: "IRI-valued references MUST expand to absolute IRIs". */
  private checkIri(value: string, path: string | (() => string), what: string): boolean {
    const problem = iriProblem(value, this.r.iriSchemes);
    if (problem === undefined) return true;
    switch (problem.kind) {
      case 'relative':
        this.f.add('E_INVALID_RELATIVE_IRI', path, `${what} "${value}" is not an absolute IRI`, '6.1', 'use an absolute IRI or a compact IRI whose prefix @context defines');
        break;
      case 'blank-node':
        this.f.add('E_INVALID_IRI', path, `${what} "${value}" is a blank node, not an IRI`, '6.1', 'use an absolute IRI');
        break;
      case 'unknown-scheme':
        this.f.add('E_INVALID_IRI', path, `${what} "${value}" has scheme "${problem.scheme}:", which is not an accepted IRI scheme; the prefix "${problem.scheme}" is probably missing from @context`, '6.1',
          `define "${problem.scheme}" in @context, or write the absolute IRI`);
        break;
      case 'forbidden-character':
        this.f.add('E_INVALID_IRI', path, `${what} "${value}" holds ${describeIriCharacter(problem.character)}, which RFC 3987 forbids in an IRI`, '6.1');
        break;
      default:
        this.f.add('E_INVALID_IRI', path, `${what} "${value}" is not a well-formed IRI`, '6.1');
    }
    return false;
  }

  private missing(iri: string, section: DraftSection): void {
    this.f.add('E_INVALID_MISSING_FIELD', childPath(this.path, this.keyOf.get(iri) ?? nameOf(iri)), `required field "${nameOf(iri)}" is missing`, section);
  }

  private cardinality(iri: string, n: number, section: DraftSection): void {
    this.f.add('E_INVALID_CARDINALITY', this.pathOf(iri), `"${nameOf(iri)}" must have exactly one value, got ${n}`, section);
  }

  /** One IRI value (the property must be defined with `@type: @id`). */
  iri(iri: string, section: DraftSection, required: boolean): string | undefined {
    const values = this.values(iri);
    if (values === undefined || values.length === 0) {
      if (required) this.missing(iri, section);
      return undefined;
    }
    if (values.length > 1) { this.cardinality(iri, values.length, section); return undefined; }
    return this.iriValue(iri, values[0], 0, section);
  }

  /** One or more IRI values, order kept, duplicates removed. */
  iris(iri: string, section: DraftSection, required: boolean): string[] | undefined {
    const values = this.values(iri);
    if (values === undefined) {
      if (required) this.missing(iri, section);
      return undefined;
    }
    if (values.length === 0) {
      this.f.add('E_INVALID_EMPTY_VALUE', this.pathOf(iri), `"${nameOf(iri)}" must hold at least one IRI`, section);
      return undefined;
    }
    const out: string[] = [];
    let ok = true;
    values.forEach((v, i) => {
      const value = this.iriValue(iri, v, i, section);
      if (value === undefined) ok = false;
      else if (!out.includes(value)) out.push(value);
    });
    return ok ? out : undefined;
  }

  private iriValue(iri: string, v: unknown, index: number, section: DraftSection): string | undefined {
    const path = (): string => this.pathOf(iri, index); // built only for a finding
    if (isObject(v) && typeof v['@id'] === 'string' && Object.keys(v).length === 1) {
      return this.checkIri(v['@id'], path, `"${nameOf(iri)}"`) ? v['@id'] : undefined;
    }
    if (isObject(v) && '@value' in v) {
      const raw = this.rawValue(iri, index);
      const hint = typeof raw === 'string'
        ? `the @context must define "${nameOf(iri)}" with "@type": "@id" (Section 6.1)`
        : 'write the IRI as a JSON string';
      this.f.add('E_INVALID_VALUE_TYPE', path, `"${nameOf(iri)}" must be an IRI, got a literal (${describeType(v['@value'])})`, section, hint);
      return undefined;
    }
    this.f.add('E_INVALID_VALUE_TYPE', path, `"${nameOf(iri)}" must be an IRI reference, not an embedded node or list`, section);
    return undefined;
  }

  /** One plain string literal (xsd:string, optionally language-tagged when `allowLanguage`). */
  string(iri: string, section: DraftSection, required: boolean, opts: { nonEmpty?: boolean; allowLanguage?: boolean } = {}): string | undefined {
    const values = this.values(iri);
    if (values === undefined || values.length === 0) {
      if (required) this.missing(iri, section);
      return undefined;
    }
    if (values.length > 1) { this.cardinality(iri, values.length, section); return undefined; }
    return this.stringValue(iri, values[0], 0, section, opts);
  }

  /** One or more string literals (order kept). `label`-like multi-valued strings use this too. */
  strings(iri: string, section: DraftSection, required: boolean, opts: { nonEmpty?: boolean; allowLanguage?: boolean } = {}): string[] | undefined {
    const values = this.values(iri);
    if (values === undefined) {
      if (required) this.missing(iri, section);
      return undefined;
    }
    if (values.length === 0) {
      this.f.add('E_INVALID_EMPTY_VALUE', this.pathOf(iri), `"${nameOf(iri)}" must hold at least one value`, section);
      return undefined;
    }
    const out: string[] = [];
    let ok = true;
    values.forEach((v, i) => {
      const s = this.stringValue(iri, v, i, section, opts);
      if (s === undefined) ok = false;
      else out.push(s);
    });
    return ok ? out : undefined;
  }

  private stringValue(iri: string, v: unknown, index: number, section: DraftSection, opts: { nonEmpty?: boolean; allowLanguage?: boolean }): string | undefined {
    const path = (): string => this.pathOf(iri, index); // built only for a finding
    if (!isObject(v) || !('@value' in v)) {
      this.f.add('E_INVALID_VALUE_TYPE', path, `"${nameOf(iri)}" must be a string literal, got an IRI reference or node`, section,
        `the @context must not define "${nameOf(iri)}" with "@type": "@id"`);
      return undefined;
    }
    const value = v['@value'];
    const datatype = v['@type'];
    const tagged = ('@language' in v || '@direction' in v) && !opts.allowLanguage;
    if (typeof value !== 'string' || (datatype !== undefined && datatype !== XSD_STRING) || tagged) {
      const what = typeof value !== 'string' ? describeType(value) : datatype !== undefined ? `a literal typed ${String(datatype)}` : 'a language-tagged or directional string';
      this.f.add('E_INVALID_VALUE_TYPE', path, `"${nameOf(iri)}" must be a plain string, got ${what}`, section,
        typeof value === 'number' ? `write it as a JSON string, e.g. "${String(value)}"` : undefined);
      return undefined;
    }
    if (opts.nonEmpty && value.trim() === '') {
      this.f.add('E_INVALID_EMPTY_VALUE', path, `"${nameOf(iri)}" must be a non-empty string`, section);
      return undefined;
    }
    return value;
  }

  /** One embedded node object. */
  node1(iri: string, section: DraftSection): NodeReader | undefined {
    const values = this.values(iri);
    if (values === undefined || values.length === 0) return undefined;
    if (values.length > 1) { this.cardinality(iri, values.length, section); return undefined; }
    return this.embedded(iri, values[0], 0, section);
  }

  /** Zero or more embedded node objects. */
  nodes(iri: string, section: DraftSection): NodeReader[] | undefined {
    const values = this.values(iri);
    if (values === undefined) return [];
    const out: NodeReader[] = [];
    let ok = true;
    values.forEach((v, i) => {
      const reader = this.embedded(iri, v, i, section);
      if (reader) out.push(reader);
      else ok = false;
    });
    return ok ? out : undefined;
  }

  private embedded(iri: string, v: unknown, index: number, section: DraftSection): NodeReader | undefined {
    const path = (): string => this.pathOf(iri, index); // built only for a finding
    if (!isObject(v) || '@value' in v || '@list' in v || (Object.keys(v).length === 1 && '@id' in v)) {
      this.f.add('E_INVALID_VALUE_TYPE', path, `"${nameOf(iri)}" must be an embedded node object, got ${isObject(v) && '@value' in v ? 'a literal' : 'a reference or list'}`, section,
        'embed the node in the envelope: a reference to a node described elsewhere cannot be validated here');
      return undefined;
    }
    const raw = (): JsonObject | undefined => { const r = this.rawValue(iri, index); return isObject(r) ? r : undefined; };
    return new NodeReader(v, raw, path, this.f, this.r, this.prefixes);
  }

  /** Descriptive `label` (rdfs:label): any string literals, language tags allowed; never decision-sensitive. */
  label(): string | undefined {
    if (this.node[RDFS_LABEL] === undefined) { this.seen.add(RDFS_LABEL); return undefined; }
    return this.strings(RDFS_LABEL, '6.4', false, { allowLanguage: true })?.[0];
  }

  private extension(path: string, what: string): void {
    if (this.r.unknownTerms === 'ignore') {
      this.f.add('W_IGNORED_TERM', path, `${what} is a descriptive extension term; ignored as the profile permits`, '6.1');
    } else {
      this.f.add(what.startsWith('additional type') ? 'E_INVALID_NODE_TYPE' : 'E_INVALID_UNKNOWN_TERM', path,
        `${what} is not defined for this document and the profile does not permit ignoring unknown terms`, '6.1',
        'remove it, or use a domain profile with "unknownTerms": "ignore" for descriptive extension terms');
    }
  }

  /**
   * Every member not read so far: core (ioa) terms are decision-sensitive and always rejected;
   * other vocabularies are descriptive extensions, rejected or ignored as the profile says (6.1).
   * `rdfs:label` is descriptive and always accepted.
   */
  finish(): void {
    for (const key of Object.keys(this.node)) {
      if (this.seen.has(key)) continue;
      if (key === RDFS_LABEL) continue;
      if (key.startsWith('@')) {
        this.f.add('E_INVALID_STRUCTURE', childPath(this.path, key), `"${key}" is not allowed in this node`, '5.4');
      } else if (key.startsWith(IOA)) {
        this.f.add('E_INVALID_UNKNOWN_TERM', this.pathOf(key),
          `"${nameOf(key)}" (${key}) is a core vocabulary term this node does not define; decision-sensitive terms are never ignored`, '6.4');
      } else {
        this.extension(this.pathOf(key), `"${this.keyOf.get(key) ?? key}" (${key})`);
      }
    }
  }
}
