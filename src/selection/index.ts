/**
 * Selection between the generators and the exchange formats: candidates in, candidates out
 * (one-to-one, mutual best, a threshold on the ranked value; with the two ontologies, structural
 * selection and repair for coherence). Never a verdict or a confidence.
 */
export {
  SELECTION_MODES, checkSelectionOptions, isSelectionMode, relationFamily,
  type RelationFamily, type Selectable, type SelectionMode, type SelectionOptions,
} from './select.js';
export {
  describeSelection, select, selectDetailed,
  type OntologySelectionOptions, type RemovedCandidate, type SelectionOntologies, type SelectionOutcome,
} from './coherent.js';
export { STRUCTURAL_BOOST } from './structure.js';
