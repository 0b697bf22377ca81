/**
 * Agent-world vocabularies (issue #11): OASF skill and domain taxonomies, Hugging Face tasks and
 * A2A Agent Card skills as OntologyIndex, and export of any loaded vocabulary as Turtle or
 * JSON-LD in the ioa vocabulary. The CLI reaches the loaders through `loadVocabulary`
 * (src/ontology/dispatch.ts); library users may call them directly.
 */
export { loadOasf, isOasfLocation, oasfLayout, oasfIri, OASF_BASE, type OasfPart, type OasfLayout } from './oasf.js';
export { loadHfTasks, isHfTasksLocation, hfTaskIri, hfSubtaskIri, hfModalityIri, hfTasksPackageVersion, HF_TASKS_NAME, HF_TASKS_BASE } from './hf-tasks.js';
export { loadAgentCard, agentCardToIndex, agentCardInfo, looksLikeAgentCard, skillIri, type AgentCardInfo, type AgentCardShape } from './a2a-card.js';
export { exportVocabulary, toTurtle, toJsonLd, vocabularyQuads, EXPORT_FORMATS, EXPORT_CONTEXT, type ExportFormat } from './export.js';
export { AGENT_VOCABULARY_SOURCES, hfTasksSource, oasfSource, agentCardSource } from './sources.js';
