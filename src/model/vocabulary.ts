/** Namespace IRIs used across the project. One place, so a typo cannot split a term in two. */
export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  oboInOwl: 'http://www.geneontology.org/formats/oboInOwl#',
  dcterms: 'http://purl.org/dc/terms/',
  dcat: 'http://www.w3.org/ns/dcat#',
  schema: 'https://schema.org/',
  semapv: 'https://w3id.org/semapv/vocab/',
  /** ORCID iDs, the usual `reviewer_id` / `author_id` of SSSOM files. */
  orcid: 'https://orcid.org/',
  sssom: 'https://w3id.org/sssom/',
  align: 'http://knowledgeweb.semanticweb.org/heterogeneity/alignment#',
  /** The draft's provisional vocabulary namespace (Section 5). */
  ioa: 'https://example.org/ioa/semantic#',
} as const;

export const RDF_TYPE = `${NS.rdf}type`;
