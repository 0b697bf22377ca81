/**
 * YAML of SSSOM metadata (the embedded `#` block and external metadata files) as plain values.
 * Aliases are bounded: a few lines of nested aliases ("billion laughs") would otherwise expand
 * to gigabytes. The yaml library stops past `maxAliasCount` with a ReferenceError; here that,
 * and an alias without its anchor, are invalid metadata with the file and line of the alias.
 * A `"\ud800"` escape of a lone surrogate is refused at its line, as the JSON reader refuses it.
 */
import { Document, Parser, isScalar, parseDocument, visit, type ToStringOptions } from 'yaml';
import { IoaError } from '../model/errors.js';

/** Alias expansions allowed per document (the yaml library's own default, stated here). */
export const MAX_YAML_ALIASES = 100;

/**
 * How deep metadata YAML may nest (SSSOM metadata nests three levels: extension definitions, a
 * list of maps of slots). The yaml library composes a document by recursion and stops in
 * "Maximum call stack size exceeded" somewhere under a thousand levels (`[[[…]]]` or one
 * indentation step per level), which it reports as the YAML error's message.
 */
export const MAX_YAML_DEPTH = 256;

/** Where a DepthParser stopped: the offset of the text at which the nesting went too deep. */
class TooDeep {
  constructor(readonly offset: number) {}
}

/**
 * The yaml library's parser (with its own stack of open collections) watching its depth after
 * each token, and stopping at once past the limit: closing thousands of collections at one
 * dedent is the one step of it that recurses.
 */
class DepthParser extends Parser {
  override *next(source: string): Generator<import('yaml').CST.Token, void> {
    yield* super.next(source);
    // Stack entries: the document, the value being read, one per open collection.
    if (this.stack.length > MAX_YAML_DEPTH + 2) throw new TooDeep(this.offset);
  }
}

/**
 * Refuse YAML nested deeper than MAX_YAML_DEPTH (E_SSSOM_BAD_METADATA at the line where it goes
 * too deep) before the yaml library composes it: its parser keeps its own stack, so this pass
 * reads any depth; the composer that follows recurses. `what` and `firstLine` as for yamlToJs.
 */
export function refuseDeepYaml(text: string, file: string, what: string, firstLine = 1): void {
  let offset: number;
  try {
    for (const _ of new DepthParser().parse(text)) { /* only the depth is watched */ }
    return;
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    offset = error.offset;
  }
  const line = firstLine + text.slice(0, offset).split('\n').length - 1;
  throw new IoaError('E_SSSOM_BAD_METADATA', `${what} nested deeper than ${MAX_YAML_DEPTH} levels: no SSSOM metadata needs that depth`, { file, line });
}

/**
 * `doc.toJS()` with bounded aliases. `text` is what `doc` was parsed from, `firstLine` the file
 * line of its first line; `what` names it in messages ("metadata block", "external metadata").
 */
export function yamlToJs(doc: Document, text: string, file: string, what: string, firstLine = 1): unknown {
  keepNumberText(doc);
  refuseLoneSurrogates(doc, text, file, what, firstLine);
  try {
    return doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    const unresolved = /Unresolved alias[^:]*: (.*)$/.exec(error.message)?.[1];
    let offset = 0;
    visit(doc, {
      Alias(_, node) {
        if (unresolved !== undefined && node.source !== unresolved) return undefined;
        offset = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
    const line = firstLine + text.slice(0, offset).split('\n').length - 1;
    const message = unresolved !== undefined
      ? `${what} uses the YAML alias *${unresolved} before (or without) its anchor`
      : `${what} expands YAML aliases more than ${MAX_YAML_ALIASES} times (an alias bomb); write the values out instead`;
    throw new IoaError('E_SSSOM_BAD_METADATA', message, { file, line }, { cause: error });
  }
}

/**
 * A plain scalar that YAML resolves to a number whose own text says more than the number does
 * (`subject_source_version: 1.10`, `1.0`, `2.0`, `010`) keeps that text as a string. Every
 * version slot is a string: read as the number, 1.10 became "1.1" and 1.0 became "1", so an
 * artifact built from the set named another release than the file did. A number written as the
 * number prints (`0.5`, `12`) stays a number, and a slot typed as a number reads either form.
 */
function keepNumberText(doc: Document): void {
  visit(doc, {
    Scalar(key, node) {
      if (key === 'key' || node.tag !== undefined || node.type !== 'PLAIN' || !isScalar(node)) return;
      if (typeof node.value === 'number' && node.source !== undefined && node.source !== String(node.value)) node.value = node.source;
    },
  });
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A double-quoted YAML scalar may spell half of a UTF-16 pair (`"\ud800"`): no Unicode character,
 * which every writer turns into U+FFFD or an escape our JSON reader refuses (I-JSON, RFC 7493
 * 2.1), and which an artifact cannot canonicalise (RFC 8785). Refused here, at its line, for keys
 * and values alike, so that nothing read from the metadata holds one.
 */
function refuseLoneSurrogates(doc: Document, text: string, file: string, what: string, firstLine: number): void {
  visit(doc, {
    Scalar(key, node) {
      if (typeof node.value !== 'string') return undefined;
      const unit = LONE_SURROGATE.exec(node.value)?.[0];
      if (unit === undefined) return undefined;
      const offset = node.range?.[0] ?? 0;
      const line = firstLine + text.slice(0, offset).split('\n').length - 1;
      const hex = unit.charCodeAt(0).toString(16);
      throw new IoaError('E_SSSOM_BAD_METADATA', `${what}: ${key === 'key' ? 'a key' : 'a string'} holds a lone surrogate (\\u${hex}), half of a UTF-16 pair and no Unicode character; it is refused as in JSON (I-JSON, RFC 7493 2.1), since writing it out would silently turn it into U+FFFD`, { file, line });
    },
  });
}

/** Characters a YAML 1.1 reader (PyYAML, so sssom-py) reads as a line break, besides CR and LF. */
const YAML11_BREAKS = /[\u0085\u2028\u2029]/;
const YAML11_BREAK_ESCAPES: Record<string, string> = { '\u0085': '\\N', '\u2028': '\\L', '\u2029': '\\P' };

/**
 * `value` as YAML text that YAML 1.2 readers (ours) and YAML 1.1 readers (PyYAML, so sssom-py)
 * read as the same strings.
 *
 * - The document is written with the yaml package's YAML 1.1 schema, which quotes every plain
 *   scalar YAML 1.1 resolves to something else: booleans (`yes`, `ON`, `n`), sexagesimal numbers
 *   (`1:20`), numbers with underscores (`1_000`), dates (`2022-05-02`), null (`~`), keys as well
 *   as values. Written plain, a curie_map prefix `ON` read as `True`, and the version `1:20` as 80.
 * - A string YAML 1.2 alone resolves otherwise (`0o17`, an octal only there) is quoted too.
 * - A string holding NEL (U+0085), LS (U+2028) or PS (U+2029) is written double-quoted with the
 *   character escaped (`\N`, `\L`, `\P`): the yaml package writes them raw, which YAML 1.2 reads
 *   as written but YAML 1.1 readers read as a line break and fold into a space.
 */
export function stringifyYaml(value: unknown, options: ToStringOptions): string {
  // Without the merge tag in the schema, `<<` is a string like any other (and quoted below); with
  // it the writer always writes `<<` plain, as the merge key.
  const doc = new Document(value, { version: '1.1', customTags: (tags) => tags.filter((t) => typeof t === 'string' || t.tag !== MERGE_TAG) });
  let escape = false;
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value !== 'string') return;
      if (YAML11_BREAKS.test(node.value)) {
        node.type = 'QUOTE_DOUBLE';
        escape = true;
      } else if ((node.type === undefined && readsOtherwiseIn12(node.value)) || YAML11_SPECIAL.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  const text = doc.toString(options);
  // Every scalar holding one is double-quoted now, so each raw one in the text is inside such a scalar.
  return escape ? text.replace(new RegExp(YAML11_BREAKS.source, 'g'), (c) => YAML11_BREAK_ESCAPES[c]!) : text;
}

const MERGE_TAG = 'tag:yaml.org,2002:merge';

/**
 * PyYAML's value key `=` and merge key `<<`: plain, a YAML 1.1 reader does not take them as text
 * (a plain `<<` value stops PyYAML with "could not determine a constructor").
 */
const YAML11_SPECIAL = /^(?:=|<<)$/;

/** True when `text`, written as a plain YAML 1.2 scalar, is read as another value than itself. */
function readsOtherwiseIn12(text: string): boolean {
  // Only a single-line scalar can resolve to a number, boolean or null.
  if (text === '' || /[\s#:,[\]{}]/.test(text)) return false;
  const contents = parseDocument(text, { version: '1.2' }).contents;
  return isScalar(contents) && contents.value !== text;
}
