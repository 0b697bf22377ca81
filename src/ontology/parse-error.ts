/** The parse errors of the RDF readers, with the position their parsers report. */
import { IoaError } from '../model/errors.js';

/** Line and column from the parsers' messages ("Line 3 column 5: …", "3:5: …", "… on line 3."). */
function positionOf(message: string): { line?: number; column?: number } {
  const lc = /Line (\d+) column (\d+)/i.exec(message) ?? /(?:^|\s|:)(\d+):(\d+):/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const l = /on line (\d+)/i.exec(message);
  return l ? { line: Number(l[1]) } : {};
}

/**
 * A parser's error as IoaError. N-Triples is read by the Turtle parser and shares its code, but
 * the message names the syntax the file is in (`ntriples`).
 */
export function parseError(code: 'E_PARSE_TURTLE' | 'E_PARSE_RDFXML', file: string, error: unknown, ntriples = false): IoaError {
  const message = error instanceof Error ? error.message : String(error);
  const clean = message.replace(/^Line \d+ column \d+:\s*/i, '').replace(/^(?:[^:]*:)?\d+:\d+:\s*/, '');
  const syntax = code === 'E_PARSE_RDFXML' ? 'RDF/XML' : ntriples ? 'N-Triples' : 'Turtle';
  return new IoaError(code, `malformed ${syntax}: ${clean}`, { file, ...positionOf(message) }, { cause: error });
}
