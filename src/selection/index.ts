/**
 * Selection between the generators and the exchange formats: candidates in, candidates out
 * (one-to-one, mutual best, a threshold on the ranked value). Never a verdict or a confidence.
 */
export {
  SELECTION_MODES, checkSelectionOptions, isSelectionMode, relationFamily, select,
  type RelationFamily, type Selectable, type SelectionMode, type SelectionOptions,
} from './select.js';
