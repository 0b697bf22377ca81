/**
 * Agent-world vocabularies: OASF skill and domain taxonomies, Hugging Face tasks and A2A Agent
 * Card skills and other agent records (src/vocab/records) as OntologyIndex (exporting any loaded vocabulary as Turtle or JSON-LD is
 * src/ontology/export.ts, beside the other RDF code). The CLI reaches the loaders through `loadVocabulary`
 * (src/ontology/dispatch.ts); library users may call them directly.
 */
export { loadOasf, isOasfLocation, oasfLayout, oasfIri, OASF_BASE, type OasfPart, type OasfLayout } from './oasf.js';
export { loadHfTasks, isHfTasksLocation, hfTaskIri, hfSubtaskIri, hfModalityIri, hfTasksPackageVersion, HF_TASKS_NAME, HF_TASKS_BASE } from './hf-tasks.js';
export { loadAgentCard, agentCardToIndex, agentCardInfo, looksLikeAgentCard, skillIri, type AgentCardInfo, type AgentCardShape } from './a2a-card.js';
export { AGENT_VOCABULARY_SOURCES, hfTasksSource, oasfSource, recordsSource } from './sources.js';
export { loadRecords, recordsToIndex, recordLayoutOf, isJsonLd, RECORD_LAYOUTS, type RecordLoadOptions, type RecordDocument } from './records/load.js';
