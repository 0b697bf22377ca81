import { describe, expect, it } from 'vitest';
import description from '../../src/generators/description.js';
import { boilerplatePhrases, descriptionCases, descriptionGenus, withoutBoilerplate } from '../../src/generators/description-text.js';
import type { Candidate } from '../../src/model/mapping.js';
import { collect, generatorSuite } from './suite.js';
import { ontology } from './fixtures.js';

const S = 'http://s#';
const T = 'http://t#';

/** Agent skills whose names differ from the target's; their descriptions say what they are. */
const skills = () =>
  ontology('skills', [
    { iri: `${S}ReportDigest`, kind: 'capability', labels: ['Report digest'], definitions: ['Produces a short summary of a long technical report.'] },
    { iri: `${S}DocTranslator`, kind: 'capability', labels: ['Doc translator'], definitions: ['Translates software manuals between languages.'], keywords: ['translation', 'localization'] },
    { iri: `${S}MeetingNotes`, kind: 'capability', labels: ['Meeting notes'], definitions: ['Turns the recording of a meeting into a written transcript.'], examples: ['Transcribe the recording of yesterday\'s review.'] },
    { iri: `${S}BriefReport`, kind: 'capability', labels: ['Brief report'], definitions: ['Writes a short summary of a long report.'] },
  ]);
const tasks = () =>
  ontology('tasks', [
    { iri: `${T}Summarization`, kind: 'capability', labels: ['Summarization'], definitions: ['Write a short summary of a long document or report.'] },
    { iri: `${T}Translation`, kind: 'capability', labels: ['Language translation'], definitions: ['Translate text between languages.'] },
    { iri: `${T}SpeechRecognition`, kind: 'capability', labels: ['Speech recognition'], definitions: ['Convert spoken audio recordings into a text transcript.'] },
    { iri: `${T}ImageEditing`, kind: 'capability', labels: ['Image editing'], definitions: ['Modify existing pictures.'] },
  ]);

generatorSuite('description', {
  make: () => description(),
  mustFind: [
    ['ReportDigest', 'Summarization'],
    ['DocTranslator', 'Translation'],
    ['MeetingNotes', 'SpeechRecognition'],
  ],
  selfPair: ['ReportDigest', 'BriefReport'],
  fixtures: { source: skills, target: tasks },
});

const first = (candidates: Candidate[], subject: string): Candidate | undefined => candidates.find((c) => c.subject === subject && c.rank === 1);

describe('description: which text matched which text', () => {
  it('says which description matched which name or description, with each field', async () => {
    const out = await collect(description(), skills(), tasks());
    const digest = first(out, `${S}ReportDigest`)!;
    expect(digest.predicate).toBe('skos:closeMatch');
    expect(digest.evidence).toContainEqual(expect.objectContaining({ subjectText: 'Produces a short summary of a long technical report.', subjectField: 'dcterms:description', objectText: 'Write a short summary of a long document or report.', objectField: 'dcterms:description' }));
    const translator = out.filter((c) => c.subject === `${S}DocTranslator` && c.object === `${T}Translation`)[0]!;
    expect(translator.evidence.some((e) => e.subjectField === 'schema:keywords' || e.subjectField === 'dcterms:description')).toBe(true);
  });

  it('a description that is the other side\'s name makes an exactMatch (a comment spelling out an abbreviation)', async () => {
    const source = ontology('s', [{ iri: `${S}CfP`, labels: ['CfP'], definitions: ['Call for papers'] }, { iri: `${S}Other`, labels: ['Venue'] }]);
    const target = ontology('t', [{ iri: `${T}CallForPaper`, labels: ['Call for Paper'] }, { iri: `${T}Paper`, labels: ['Paper'] }]);
    const out = await collect(description(), source, target);
    const cfp = first(out, `${S}CfP`)!;
    expect(cfp.object).toBe(`${T}CallForPaper`);
    expect(cfp.predicate).toBe('skos:exactMatch');
  });

  it('reads no name as a description: without descriptions on either side it proposes nothing', async () => {
    const source = ontology('s', [{ iri: `${S}a`, labels: ['Call for papers'] }]);
    const target = ontology('t', [{ iri: `${T}a`, labels: ['Call for papers'] }]);
    expect(await collect(description(), source, target)).toEqual([]);
  });

  it('one rare word found outweighs one common word: a name\'s words count by their rarity over both sides', async () => {
    const source = ontology('s', [{ iri: `${S}a`, labels: ['cochlear duct'] }]);
    const target = ontology('t', [
      { iri: `${T}cochlea`, labels: ['Inner ear canal'], definitions: ['The cochlear canal of the inner ear.'] },
      { iri: `${T}duct1`, labels: ['Bile canal'], definitions: ['A duct that carries bile.'] },
      { iri: `${T}duct2`, labels: ['Tear canal'], definitions: ['A duct that carries tears.'] },
      { iri: `${T}duct3`, labels: ['Milk canal'], definitions: ['A duct that carries milk.'] },
    ]);
    const out = await collect(description(), source, target);
    expect(first(out, `${S}a`)!.object).toBe(`${T}cochlea`);
  });
});

describe('description: what one side says of every concept (boilerplate)', () => {
  /** Registry records: each description opens with what kind of record it is. */
  const servers = () =>
    ontology('servers', [
      { iri: `${S}redis`, labels: ['redis'], definitions: ['A Model Context Protocol server for Redis.'] },
      { iri: `${S}mariadb`, labels: ['mariadb'], definitions: ['A Model Context Protocol server that queries relational databases.'] },
      { iri: `${S}slack`, labels: ['slack'], definitions: ['A Model Context Protocol server that posts team chat messages.'] },
      { iri: `${S}maps`, labels: ['maps'], definitions: ['A Model Context Protocol server for route planning on maps.'] },
      { iri: `${S}wiki`, labels: ['wiki'], definitions: ['A Model Context Protocol server that searches encyclopedia articles.'] },
      { iri: `${S}git`, labels: ['git'], definitions: ['A Model Context Protocol server for version control.'] },
    ]);
  const skills = () =>
    ontology('skills', [
      { iri: `${T}serving`, labels: ['Model serving'], definitions: ['Deploying trained models behind a server that answers prediction requests.'] },
      { iri: `${T}protocols`, labels: ['Network protocol design'], definitions: ['Designing how machines exchange packets.'] },
      { iri: `${T}relational`, labels: ['Relational database operations'], definitions: ['Querying and updating relational databases.'] },
      { iri: `${T}chat`, labels: ['Team messaging'], definitions: ['Posting messages to team chat channels.'] },
    ]);

  it('a phrase every record repeats and the other side never says is no evidence', async () => {
    const out = await collect(description(), servers(), skills());
    // The Redis record says nothing but its kind: nothing resembles it.
    expect(out.filter((c) => c.subject === `${S}redis`)).toEqual([]);
    expect(first(out, `${S}mariadb`)!.object).toBe(`${T}relational`);
    expect(first(out, `${S}slack`)!.object).toBe(`${T}chat`);
    expect(out.filter((c) => c.object === `${T}serving` || c.object === `${T}protocols`)).toEqual([]);
  });

  it('one agent record\'s "Model Context Protocol server" is no evidence either: a record\'s kind is known, not counted', async () => {
    const one = ontology('one-server', [{ iri: `${S}redis`, labels: ['redis'], definitions: ['A Model Context Protocol (MCP) server for Redis.'] }]);
    // As a plain concept, one description is too few to tell boilerplate: "server" meets Model serving.
    expect((await collect(description(), one, skills())).some((c) => c.object === `${T}serving`)).toBe(true);
    one.concepts[0]!.record = { parameters: [], provenance: { format: 'mcp-server', file: 'server.json', recordId: 'io.github.redis/mcp-redis' } };
    const out = await collect(description(), one, skills());
    expect(out.filter((c) => c.object === `${T}serving` || c.object === `${T}protocols`)).toEqual([]);
  });

  it('a record-kind phrase the other side says too is kept', () => {
    const known = new Set(['model context protocol']);
    const side = [[['model', 'context', 'protocol', 'redi']]];
    expect([...boilerplatePhrases(side, [[['databas']], [['serv']]], known)]).toEqual(['model context protocol']);
    expect(boilerplatePhrases(side, [[['model', 'context', 'protocol', 'build']], [['serv']]], known).size).toBe(0);
  });

  it('a phrase both sides use is kept: it is the vocabulary they share', () => {
    const side = [[['model', 'context', 'protocol', 'serv']], [['model', 'context', 'protocol']], [['redi'], ['model', 'context', 'protocol']], [['model', 'context', 'protocol', 'git']], [['map', 'model', 'context', 'protocol']], [['model', 'context', 'window']]];
    expect([...boilerplatePhrases(side, [[['serv']], [['databas']]])].sort()).toEqual(['context protocol', 'model context', 'model context protocol']);
    // The other side names the phrase in one concept of three: a share above a tenth of 100 %.
    expect(boilerplatePhrases(side, [[['model', 'context']], [['serv']], [['databas']]]).has('model context')).toBe(false);
    // Fewer than five concepts hold it: not boilerplate, however large their share.
    expect(boilerplatePhrases(side.slice(0, 4), [[['serv']]]).size).toBe(0);
  });

  it('leaves out only the words of the phrases found, in order', () => {
    expect(withoutBoilerplate(['model', 'context', 'protocol', 'serv', 'redi', 'model'], new Set(['model context protocol']))).toEqual(['serv', 'redi', 'model']);
    const stems = ['queri', 'databas'];
    expect(withoutBoilerplate(stems, new Set())).toBe(stems);
  });
});

describe('description: direction from descriptions (docs/relations.md)', () => {
  it('a description padded with 100,000 spaces reads as the same description single-spaced (the patterns stay linear on a long run of white space)', { timeout: 20_000 }, () => {
    const pad = ' '.repeat(100_000);
    const cases = descriptionCases(`Searching,${pad}fetching, and reading${pad}web pages`);
    expect(cases.map((p) => p.text)).toEqual(descriptionCases('Searching, fetching, and reading web pages').map((p) => p.text));
    expect(cases.map((p) => p.text)).toEqual(['Searching web pages', 'fetching web pages', 'reading web pages']);
    expect(descriptionCases(`A server that${pad}x`)).toEqual([]);
    expect(descriptionGenus(`A search${pad}server that finds pages`)?.text).toBe('search server');
  });

  it('a target whose description lists the subject among its cases is broader; the reverse is narrower', async () => {
    const source = ontology('s', [
      { iri: `${S}ImageGeneration`, kind: 'capability', labels: ['Image Generation'], definitions: ['Creating new pictures with learned models.'] },
      { iri: `${S}Vision`, kind: 'capability', labels: ['Vision'], definitions: ['Working with pictures, including object detection and image captioning.'] },
    ]);
    const target = ontology('t', [
      { iri: `${T}ComputerVision`, kind: 'capability', labels: ['Computer Vision'], definitions: ['Analyzing, generating, and editing images and video.'] },
      { iri: `${T}ObjectDetection`, kind: 'capability', labels: ['Object Detection'], definitions: ['Locate things in pictures.'] },
    ]);
    const out = await collect(description(), source, target);
    const broader = out.find((c) => c.subject === `${S}ImageGeneration` && c.object === `${T}ComputerVision` && c.predicate === 'skos:broadMatch');
    expect(broader).toBeDefined();
    expect(broader!.evidence[0]!.objectText).toContain('[case: generating images]');
    const narrower = out.find((c) => c.subject === `${S}Vision` && c.object === `${T}ObjectDetection` && c.predicate === 'skos:narrowMatch');
    expect(narrower).toBeDefined();
  });

  it('the genus of a genus–differentia definition is broader; a target defined by the subject\'s name is narrower', async () => {
    const source = ontology('s', [
      { iri: `${S}HepatoblastomaS`, labels: ['Hepatoblastoma'], definitions: ['A malignant neoplasm that arises in the liver of young children.'] },
      { iri: `${S}Carcinoma`, labels: ['Carcinoma'], definitions: ['A malignant epithelial tumour.'] },
    ]);
    const target = ontology('t', [
      { iri: `${T}MalignantNeoplasm`, labels: ['Malignant Neoplasm'] },
      { iri: `${T}Adenocarcinoma`, labels: ['Adenocarcinoma'], definitions: ['Adenocarcinoma: a carcinoma that arises from glandular tissue.'] },
    ]);
    const out = await collect(description(), source, target);
    expect(out.some((c) => c.subject === `${S}HepatoblastomaS` && c.object === `${T}MalignantNeoplasm` && c.predicate === 'skos:broadMatch')).toBe(true);
    expect(out.some((c) => c.subject === `${S}Carcinoma` && c.object === `${T}Adenocarcinoma` && c.predicate === 'skos:narrowMatch')).toBe(true);
  });

  it('the head of a genus is broader too, and a definition naming its genus is not read as resemblance to it', async () => {
    const source = ontology('s', [{ iri: `${S}Insect`, labels: ['Insect'], definitions: ['A six-legged animal.'] }]);
    const target = ontology('t', [{ iri: `${T}Animal`, labels: ['Animal'], definitions: ['A living organism that moves and feeds.'] }]);
    const out = await collect(description(), source, target);
    expect(out.filter((c) => c.object === `${T}Animal`).map((c) => c.predicate)).toEqual(['skos:broadMatch']);
  });

  it('the parent of what the subject is described like is broader (a sibling by description)', async () => {
    const source = ontology('s', [{ iri: `${S}Classify`, kind: 'capability', labels: ['Picture tagging'], definitions: ['Assign labels to the objects in pictures.'] }]);
    const target = ontology('t', [
      { iri: `${T}Analysis`, kind: 'capability', labels: ['Image analysis'], definitions: ['Extracting structure.'] },
      { iri: `${T}Segmentation`, kind: 'capability', labels: ['Segmentation'], parents: [`${T}Analysis`], definitions: ['Assign labels to the regions of objects in pictures.'] },
    ]);
    const out = await collect(description(), source, target);
    const parent = out.find((c) => c.object === `${T}Analysis` && c.predicate === 'skos:broadMatch');
    expect(parent).toBeDefined();
    expect(parent!.evidence[0]!.objectField).toBe('child of Image analysis');
  });

  it('words WordNet derives from one another read as one ("analyzing" / "analysis"), and not without WordNet', async () => {
    const source = ontology('s', [{ iri: `${S}a`, kind: 'capability', labels: ['Image Analysis'] }]);
    const target = ontology('t', [{ iri: `${T}cv`, kind: 'capability', labels: ['Vision'], definitions: ['Analyzing, generating, and editing images and video.'] }]);
    const broader = (out: Candidate[]): boolean => out.some((c) => c.object === `${T}cv` && c.predicate === 'skos:broadMatch');
    expect(broader(await collect(description(), source, target))).toBe(true);
    expect(broader(await collect(description({ derivations: false }), source, target))).toBe(false);
  });
});

describe('description: an optional sentence encoder (--encoder)', () => {
  /** Vectors by the words a text shares with a few topics: enough to tell which descriptions agree. */
  const topics = [['summary', 'abstract'], ['translat'], ['record']];
  const encoder = {
    name: 'glove' as const,
    calls: 0,
    async embed(texts: readonly string[]) {
      this.calls++;
      const vectors = new Float32Array(texts.length * topics.length);
      texts.forEach((text, i) => {
        topics.forEach((topic, d) => (vectors[i * topics.length + d] = topic.some((w) => text.toLowerCase().includes(w)) ? 1 : 0));
        const norm = Math.hypot(...vectors.subarray(i * topics.length, (i + 1) * topics.length)) || 1;
        for (let d = 0; d < topics.length; d++) vectors[i * topics.length + d] = vectors[i * topics.length + d]! / norm;
      });
      return { vectors, dims: topics.length };
    },
  };

  it('adds the cosine of two descriptions as a fourth comparison, with the two texts as evidence', async () => {
    // No word in common but the topic: BM25 alone finds nothing for this pair.
    const source = ontology('s', [{ iri: `${S}a`, labels: ['Digest'], definitions: ['Gives a summary.'] }]);
    const target = ontology('t', [{ iri: `${T}b`, labels: ['Precis'], definitions: ['Abstract writing.'] }, { iri: `${T}c`, labels: ['Other'], definitions: ['Record audio.'] }]);
    expect((await collect(description(), source, target)).some((c) => c.object === `${T}b`)).toBe(false);
    const out = await collect(description({ encoder }), source, target);
    const hit = out.find((c) => c.object === `${T}b`)!;
    expect(hit.rank).toBe(1);
    expect(hit.evidence).toContainEqual(expect.objectContaining({ subjectText: 'Gives a summary.', objectText: 'Abstract writing.' }));
    expect(out.some((c) => c.object === `${T}c`)).toBe(false);
    expect(encoder.calls).toBeGreaterThan(0);
  });

  it('refuses an unknown encoder with E_USAGE', () => {
    expect(() => description({ encoder: 'bert' })).toThrow(expect.objectContaining({ code: 'E_USAGE' }));
  });
});

describe('description-text: cases and genus', () => {
  const texts = (phrases: ReturnType<typeof descriptionCases>): string[] => phrases.map((p) => p.text);
  it('reads a list after a marker, and a list of activities sharing their object', () => {
    expect(texts(descriptionCases('Processing audio, including speech synthesis and music generation.'))).toEqual(['speech synthesis', 'music generation']);
    expect(texts(descriptionCases('Analyzing, generating, and editing images and video.'))).toEqual(['Analyzing images', 'generating images', 'editing images', 'video']);
    expect(texts(descriptionCases('Applied web search and information retrieval.'))).toEqual(['Applied web search', 'information retrieval']);
    expect(descriptionCases('Translates software manuals between languages.')).toEqual([]);
  });

  it('names a genus only after an article, and never a generic one', () => {
    expect(descriptionGenus('A malignant neoplasm that arises in the liver.')?.text).toBe('malignant neoplasm');
    expect(descriptionGenus('Search is a retrieval skill which finds documents.')?.text).toBe('retrieval skill');
    expect(descriptionGenus('Retrieval of information is the process of fetching data.')).toBeUndefined();
    expect(descriptionGenus('The model can stream its output.')).toBeUndefined();
    expect(descriptionGenus('Translates manuals.')).toBeUndefined();
  });

  it('any "to" begins the differentia: an infinitive of purpose would name its object ("a server to query databases"); a hyphenated compound stays whole, its last word no head on its own', () => {
    expect(descriptionGenus('An MCP server to query Postgres databases.')?.head).toBe('server');
    expect(descriptionGenus('A document to be reviewed by the program committee.')?.text).toBe('document');
    expect(descriptionGenus('A server to manage GitHub issues')?.text).toBe('server');
    expect(descriptionGenus('A reference to the tool used.')?.text).toBe('reference');
    expect(descriptionGenus('A Model Context Protocol server to connect to Slack')?.head).toBe('server');
    expect(descriptionGenus('ElevenLabs: a text-to-speech service (speech synthesis and voice)')?.text).toBe('text-to-speech service');
    // The compound is what the phrase names: its last word alone is no head (no broader "speech").
    expect(descriptionGenus('a text-to-speech service')?.head).toBe('');
  });
});
