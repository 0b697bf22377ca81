/**
 * Hugging Face tasks (the `pipeline_tag` of every Hub model), read at run time from the
 * installed `@huggingface/tasks` package: no copy of its data lives in this repository, so the
 * vocabulary is always the one of the installed version.
 *
 * - every pipeline task → a capability `https://huggingface.co/tasks/<task-id>`, labelled with
 *   the package's display name, defined by the task page's summary where the package has a page;
 * - every subtask → a capability `https://huggingface.co/tasks/<parent-id>#<subtask-id>`, a child
 *   of each pipeline task that lists it; its IRI uses the first such parent in the package's
 *   order (`closed-domain-qa` is listed under question-answering and text-generation);
 * - every modality → a domain `https://huggingface.co/tasks#<modality>` (the section of the
 *   tasks page), linked from its tasks with `inDomain`. These IRIs are minted here: the Hub
 *   publishes no page per modality.
 *
 * Input/output media types are not filled in: the package names widget kinds (`img`, `chart`),
 * not media types, and guessing them would put invented constraints into capability checks.
 */
import { createRequire } from 'node:module';
import { addDefinition, emptyConcept, type Concept } from '../model/concept.js';
import { buildOntologyIndex, type OntologyIndex } from '../model/ontology-index.js';
import { splitIdentifier } from '../text/identifiers.js';
import { addLabel, addUnique } from './common.js';

export const HF_TASKS_NAME = 'hf-tasks';
export const HF_TASKS_BASE = 'https://huggingface.co/tasks';
const PACKAGE = '@huggingface/tasks';

export const hfTaskIri = (taskId: string): string => `${HF_TASKS_BASE}/${taskId}`;
export const hfSubtaskIri = (parentId: string, subtaskId: string): string => `${HF_TASKS_BASE}/${parentId}#${subtaskId}`;
export const hfModalityIri = (modality: string): string => `${HF_TASKS_BASE}#${modality}`;

/** The names a user may pass to mean this vocabulary. */
export function isHfTasksLocation(location: string): boolean {
  return location === HF_TASKS_NAME || location === PACKAGE;
}

/** Version of the installed package, for the index's version and for reports. */
export function hfTasksPackageVersion(): string {
  const require = createRequire(import.meta.url);
  const pkg = require(`${PACKAGE}/package.json`) as { version: string };
  return pkg.version;
}

/** Load the installed package's tasks as an OntologyIndex (imported on first use). */
export async function loadHfTasks(): Promise<OntologyIndex> {
  const { PIPELINE_DATA, TASKS_DATA, MODALITIES, MODALITY_LABELS } = await import('@huggingface/tasks');
  const concepts: Concept[] = [];
  const warnings: string[] = [];

  for (const modality of MODALITIES) {
    const concept = emptyConcept(hfModalityIri(modality), 'domain', modality);
    addLabel(concept, MODALITY_LABELS[modality], 'caption');
    concepts.push(concept);
  }

  const subtasks = new Map<string, Concept>();
  for (const [taskId, data] of Object.entries(PIPELINE_DATA) as Array<[keyof typeof TASKS_DATA, (typeof PIPELINE_DATA)[keyof typeof PIPELINE_DATA]]>) {
    const concept = emptyConcept(hfTaskIri(taskId), 'capability', taskId);
    addLabel(concept, data.name, 'caption');
    const page = TASKS_DATA[taskId];
    if (page) {
      addLabel(concept, page.label, 'caption');
      addDefinition(concept, page.summary, 'dcterms:description');
    }
    addLabel(concept, splitIdentifier(taskId), 'localName');
    concept.inDomain.push(hfModalityIri(data.modality));
    addUnique(concept.alternativeIds, taskId);
    concepts.push(concept);

    const listed: ReadonlyArray<{ type: string; name: string }> = 'subtasks' in data ? data.subtasks : [];
    for (const sub of listed) {
      const known = subtasks.get(sub.type);
      if (known) {
        // Listed under a second pipeline task: one concept, one more parent.
        addUnique(known.parents, concept.iri);
        continue;
      }
      const child = emptyConcept(hfSubtaskIri(taskId, sub.type), 'capability', sub.type);
      addLabel(child, sub.name, 'caption');
      addLabel(child, splitIdentifier(sub.type), 'localName');
      child.parents.push(concept.iri);
      addUnique(child.alternativeIds, sub.type);
      subtasks.set(sub.type, child);
    }
  }
  concepts.push(...subtasks.values());
  for (const c of subtasks.values()) {
    if (c.parents.length > 1) warnings.push(`subtask ${c.localName} is listed under ${c.parents.length} pipeline tasks; its IRI uses the first`);
  }

  return buildOntologyIndex({ source: HF_TASKS_NAME, concepts, iri: HF_TASKS_BASE, version: hfTasksPackageVersion(), warnings });
}
