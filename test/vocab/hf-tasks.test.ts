import { beforeAll, describe, expect, it } from 'vitest';
import { MODALITIES, PIPELINE_DATA, TASKS_DATA, type PipelineType } from '@huggingface/tasks';
import type { OntologyIndex } from '../../src/model/ontology-index.js';
import { loadVocabulary } from '../../src/ontology/dispatch.js';
import { hfModalityIri, hfSubtaskIri, hfTaskIri, hfTasksPackageVersion } from '../../src/vocab/hf-tasks.js';

// Expected values come from the installed package's own data, so the tests follow its version.
const taskIds = Object.keys(PIPELINE_DATA) as PipelineType[];
const listedSubtasks = (id: PipelineType): Array<{ type: string; name: string }> => {
  const data = PIPELINE_DATA[id] as { subtasks?: Array<{ type: string; name: string }> };
  return data.subtasks ?? [];
};

describe('Hugging Face tasks from the installed @huggingface/tasks', () => {
  let index: OntologyIndex;
  beforeAll(async () => {
    index = await loadVocabulary('hf-tasks');
  });

  it('one capability per pipeline task the package defines, at https://huggingface.co/tasks/<id>', () => {
    const pipeline = index.concepts.filter((c) => c.kind === 'capability' && !c.iri.includes('#'));
    expect(pipeline.map((c) => c.iri).sort()).toEqual(taskIds.map(hfTaskIri).sort());
    expect(pipeline).toHaveLength(taskIds.length);
    expect(index.version).toBe(hfTasksPackageVersion());
  });

  it('labels are the package display names; summaries only where the package has a task page', () => {
    for (const id of taskIds) {
      const c = index.byIri.get(hfTaskIri(id))!;
      expect(c.labels[0]).toEqual({ text: PIPELINE_DATA[id].name, source: 'caption' });
      const page = TASKS_DATA[id];
      expect(c.definitions).toEqual(page && page.summary.trim() ? [page.summary.trim()] : []);
    }
    expect(taskIds.some((id) => TASKS_DATA[id] === undefined)).toBe(true); // the no-page branch is exercised
  });

  it('each task is in its modality, a domain concept', () => {
    expect(index.concepts.filter((c) => c.kind === 'domain').map((c) => c.iri).sort()).toEqual(MODALITIES.map(hfModalityIri).sort());
    for (const id of taskIds) expect(index.byIri.get(hfTaskIri(id))!.inDomain).toEqual([hfModalityIri(PIPELINE_DATA[id].modality)]);
  });

  it('subtasks sit under every parent that lists them; their IRI uses the first parent in package order', () => {
    const firstParent = new Map<string, PipelineType>();
    const parents = new Map<string, string[]>();
    for (const id of taskIds) {
      for (const sub of listedSubtasks(id)) {
        if (!firstParent.has(sub.type)) firstParent.set(sub.type, id);
        parents.set(sub.type, [...(parents.get(sub.type) ?? []), hfTaskIri(id)]);
      }
    }
    const subtaskConcepts = index.concepts.filter((c) => c.iri.includes('/tasks/') && c.iri.includes('#'));
    expect(subtaskConcepts).toHaveLength(firstParent.size);
    for (const [type, parent] of firstParent) {
      const c = index.byIri.get(hfSubtaskIri(parent, type));
      expect(c, type).toBeDefined();
      expect(c!.parents).toEqual(parents.get(type));
      expect(c!.kind).toBe('capability');
    }
    const multi = [...parents].filter(([, ps]) => ps.length > 1);
    expect(multi.length).toBeGreaterThan(0); // closed-domain-qa in 0.21.54
    expect(index.warnings.length).toBe(multi.length);
  });

  it('accepts the package name too', async () => {
    const again = await loadVocabulary('@huggingface/tasks');
    expect(again.concepts.map((c) => c.iri)).toEqual(index.concepts.map((c) => c.iri));
  });
});
