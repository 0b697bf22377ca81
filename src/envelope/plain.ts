/**
 * Reading plain-JSON documents this project defines (domain profile, trust policy): closed member
 * sets, exact JSON types, absolute IRIs. Unknown members are errors (DESIGN.md).
 */
import { childPath, describeType, isObject, type Findings, type JsonObject } from './findings.js';
import { describeIriCharacter } from '../text/iri.js';
import { iriProblem } from './syntax.js';
import type { DraftSection } from './types.js';

export class PlainReader {
  constructor(
    readonly obj: JsonObject,
    readonly path: string,
    private readonly f: Findings,
    private readonly section: DraftSection,
    private readonly schemes: readonly string[],
  ) {}

  at(key: string): string {
    return childPath(this.path, key);
  }

  /** Report members outside `allowed`. */
  closed(allowed: readonly string[], what: string): void {
    for (const key of Object.keys(this.obj)) {
      if (!allowed.includes(key)) {
        this.f.add('E_INVALID_UNKNOWN_MEMBER', this.at(key), `"${key}" is not a member of ${what}`, this.section, `allowed members: ${allowed.join(', ')}`);
      }
    }
  }

  private present(key: string, required: boolean): boolean {
    if (this.obj[key] !== undefined) return true;
    if (required) this.f.add('E_INVALID_MISSING_FIELD', this.at(key), `required member "${key}" is missing`, this.section);
    return false;
  }

  private wrongType(key: string, expected: string, path = this.at(key), value: unknown = this.obj[key]): undefined {
    this.f.add('E_INVALID_VALUE_TYPE', path, `"${key}" must be ${expected}, got ${describeType(value)}`, this.section);
    return undefined;
  }

  string(key: string, required: boolean, nonEmpty = true): string | undefined {
    if (!this.present(key, required)) return undefined;
    const v = this.obj[key];
    if (typeof v !== 'string') return this.wrongType(key, 'a string');
    if (nonEmpty && v.trim() === '') {
      this.f.add('E_INVALID_EMPTY_VALUE', this.at(key), `"${key}" must be a non-empty string`, this.section);
      return undefined;
    }
    return v;
  }

  iri(key: string, required: boolean): string | undefined {
    const v = this.string(key, required);
    if (v === undefined) return undefined;
    return this.checkIri(v, this.at(key), key) ? v : undefined;
  }

  checkIri(v: string, path: string, key: string): boolean {
    const problem = iriProblem(v, this.schemes);
    if (problem === undefined) return true;
    if (problem.kind === 'relative') {
      this.f.add('E_INVALID_RELATIVE_IRI', path, `"${key}" must be an absolute IRI, got "${v}"`, '6.1');
    } else if (problem.kind === 'forbidden-character') {
      this.f.add('E_INVALID_IRI', path, `"${key}" holds ${describeIriCharacter(problem.character)}, which RFC 3987 forbids in an IRI: "${v}"`, '6.1');
    } else {
      this.f.add('E_INVALID_IRI', path, `"${key}" must be an absolute IRI${problem.kind === 'unknown-scheme' ? ` with an accepted scheme (compact IRIs are not expanded in this document)` : ''}, got "${v}"`, '6.1');
    }
    return false;
  }

  boolean(key: string, required: boolean): boolean | undefined {
    if (!this.present(key, required)) return undefined;
    const v = this.obj[key];
    return typeof v === 'boolean' ? v : this.wrongType(key, 'true or false');
  }

  integer(key: string, required: boolean, min: number, max: number): number | undefined {
    if (!this.present(key, required)) return undefined;
    const v = this.obj[key];
    if (typeof v !== 'number' || !Number.isInteger(v)) return this.wrongType(key, 'an integer');
    if (v < min || v > max) {
      this.f.add('E_INVALID_VALUE', this.at(key), `"${key}" must be between ${min} and ${max}, got ${v}`, this.section);
      return undefined;
    }
    return v;
  }

  enumeration<T extends string>(key: string, required: boolean, values: readonly T[]): T | undefined {
    if (!this.present(key, required)) return undefined;
    const v = this.obj[key];
    if (typeof v !== 'string') return this.wrongType(key, `one of ${values.join(', ')}`);
    if (!(values as readonly string[]).includes(v)) {
      this.f.add('E_INVALID_VALUE', this.at(key), `"${key}" must be one of ${values.map((x) => `"${x}"`).join(', ')}, got "${v}"`, this.section);
      return undefined;
    }
    return v as T;
  }

  /** An array; `nonEmpty` reports an empty one. Items are left to the caller. */
  array(key: string, required: boolean, nonEmpty: boolean): unknown[] | undefined {
    if (!this.present(key, required)) return undefined;
    const v = this.obj[key];
    if (!Array.isArray(v)) return this.wrongType(key, 'an array');
    if (nonEmpty && v.length === 0) {
      this.f.add('E_INVALID_EMPTY_VALUE', this.at(key), `"${key}" must not be empty`, this.section);
      return undefined;
    }
    return v;
  }

  object(key: string, required: boolean): PlainReader | undefined {
    if (!this.present(key, required)) return undefined;
    const v = this.obj[key];
    if (!isObject(v)) return this.wrongType(key, 'an object');
    return new PlainReader(v, this.at(key), this.f, this.section, this.schemes);
  }

  /** Item `i` of array member `key` as an object reader. */
  item(key: string, items: unknown[], i: number): PlainReader | undefined {
    const v = items[i];
    const path = `${this.at(key)}[${i}]`;
    if (!isObject(v)) return this.wrongType(`${key}[${i}]`, 'an object', path, v);
    return new PlainReader(v, path, this.f, this.section, this.schemes);
  }

  /** Array of strings (each non-empty), duplicates reported. */
  strings(key: string, required: boolean, nonEmpty: boolean, check?: (v: string, path: string) => boolean): string[] | undefined {
    const items = this.array(key, required, nonEmpty);
    if (items === undefined) return undefined;
    const out: string[] = [];
    let ok = true;
    items.forEach((v, i) => {
      const path = `${this.at(key)}[${i}]`;
      if (typeof v !== 'string') { this.wrongType(`${key}[${i}]`, 'a string', path, v); ok = false; return; }
      if (v.trim() === '') { this.f.add('E_INVALID_EMPTY_VALUE', path, `"${key}[${i}]" must be a non-empty string`, this.section); ok = false; return; }
      if (check && !check(v, path)) { ok = false; return; }
      if (out.includes(v)) { this.f.add('E_INVALID_DUPLICATE', path, `"${v}" is listed twice in "${key}"`, this.section); ok = false; return; }
      out.push(v);
    });
    return ok ? out : undefined;
  }
}
