/**
 * Types for `shacl-engine` (ships none; PITFALLS.md). Only the parts src/envelope/shacl.ts uses:
 * the validator over RDF/JS DatasetCore objects, working with N3's DataFactory.
 */
declare module 'shacl-engine/Validator.js' {
  import type { DataFactory, DatasetCore, Term } from '@rdfjs/types';

  interface ShaclPathStep { predicates: Term[]; quantifier?: string; start?: string; end?: string }
  interface ShaclResult {
    focusNode?: { term: Term };
    path?: ShaclPathStep[] | null;
    message: Term[];
    severity?: Term;
    value?: { term: Term } | null;
    constraintComponent?: Term;
  }
  interface ShaclReport { conforms: boolean; results: ShaclResult[] }

  export default class Validator {
    constructor(shapes: DatasetCore, options: { factory: DataFactory; debug?: boolean; details?: boolean });
    validate(data: { dataset: DatasetCore; terms?: Iterable<Term> }, shapes?: { terms?: Iterable<Term> }): Promise<ShaclReport>;
  }
}
