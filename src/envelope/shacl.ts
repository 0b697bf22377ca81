/**
 * Optional SHACL shapes of a domain profile (Section 5.4: "SHACL MAY be used to express
 * additional validation rules"). Shapes run on the RDF of the expanded document, after the
 * closed-set field checks — SHACL adds rules, it never replaces them.
 */
import type { Quad } from '@rdfjs/types';
import { DataFactory, Parser, Store } from 'n3';
import Validator from 'shacl-engine/Validator.js';
import { IoaError } from '../model/errors.js';
import { finding } from './findings.js';
import { loadJsonLd } from './jsonld-api.js';
import type { CompiledShapes, DocumentLoader, ExpandedDocument, Finding, ShapeViolation } from './types.js';

const SH = 'http://www.w3.org/ns/shacl#';

interface JsonLdTerm { termType: string; value: string; language?: string; datatype?: { value: string } }
interface JsonLdQuad { subject: JsonLdTerm; predicate: JsonLdTerm; object: JsonLdTerm }

function toTerm(t: JsonLdTerm): Quad['object'] {
  if (t.termType === 'BlankNode') return DataFactory.blankNode(t.value.replace(/^_:/, ''));
  if (t.termType === 'Literal') {
    return DataFactory.literal(t.value, t.language ? t.language : t.datatype ? DataFactory.namedNode(t.datatype.value) : undefined);
  }
  return DataFactory.namedNode(t.value);
}

/**
 * Parse SHACL shapes (Turtle) once; the result validates any number of documents.
 * Throws `E_PARSE_TURTLE` when the shapes do not parse.
 */
export function compileShapes(turtle: string, source = 'shapes'): CompiledShapes {
  let quads: Quad[];
  try {
    quads = new Parser({ baseIRI: 'urn:ioa-align:shapes' }).parse(turtle) as Quad[];
  } catch (error) {
    const line = /line (\d+)/.exec((error as Error).message)?.[1];
    throw new IoaError('E_PARSE_TURTLE', `SHACL shapes do not parse: ${(error as Error).message}`, { file: source, ...(line ? { line: Number(line) } : {}) }, { cause: error });
  }
  const validator = new Validator(new Store(quads), { factory: DataFactory });
  return {
    source,
    async validate(data: readonly Quad[]): Promise<ShapeViolation[]> {
      const report = await validator.validate({ dataset: new Store([...data]) });
      return report.results.map((r) => {
        const severity = r.severity?.value === `${SH}Warning` ? 'warning' : r.severity?.value === `${SH}Info` ? 'info' : 'violation';
        const v: ShapeViolation = {
          focusNode: r.focusNode?.term.value ?? '',
          message: r.message.map((m) => m.value).join('; ') || `constraint ${r.constraintComponent?.value ?? ''} violated`,
          severity,
        };
        const path = r.path?.[0]?.predicates[0]?.value;
        if (path !== undefined) v.path = path;
        return v;
      });
    },
  };
}

/** Run shapes on an expanded document; violations are errors, warnings and infos are warnings. */
export async function runShapes(shapes: CompiledShapes, expanded: ExpandedDocument, documentLoader: DocumentLoader): Promise<Finding[]> {
  const raw = (await (await loadJsonLd()).toRDF(expanded, { documentLoader })) as JsonLdQuad[];
  const quads = raw.map((q) => DataFactory.quad(toTerm(q.subject) as Quad['subject'], DataFactory.namedNode(q.predicate.value), toTerm(q.object)) as Quad);
  const violations = await shapes.validate(quads);
  return violations.map((v) => finding(
    v.severity === 'violation' ? 'E_INVALID_SHAPE' : 'W_SHAPE_WARNING',
    '$',
    `SHACL (${shapes.source}): ${v.message} [focus ${v.focusNode}${v.path ? `, path ${v.path}` : ''}]`,
    '5.4',
  ));
}
