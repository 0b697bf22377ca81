/**
 * YAML of SSSOM metadata (the embedded `#` block and external metadata files) as plain values.
 * Aliases are bounded: a few lines of nested aliases ("billion laughs") would otherwise expand
 * to gigabytes. The yaml library stops past `maxAliasCount` with a ReferenceError; here that,
 * and an alias without its anchor, are invalid metadata with the file and line of the alias.
 */
import { visit, type Document } from 'yaml';
import { IoaError } from '../model/errors.js';

/** Alias expansions allowed per document (the yaml library's own default, stated here). */
export const MAX_YAML_ALIASES = 100;

/**
 * `doc.toJS()` with bounded aliases. `text` is what `doc` was parsed from, `firstLine` the file
 * line of its first line; `what` names it in messages ("metadata block", "external metadata").
 */
export function yamlToJs(doc: Document, text: string, file: string, what: string, firstLine = 1): unknown {
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
