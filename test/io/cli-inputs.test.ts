/**
 * Every command reads its inputs through the shared reader: a FIFO (or any non-regular file) is
 * refused at once instead of hanging, strict UTF-8 with a BOM accepted the same way in every
 * format, and documents that stop early are parse errors. Exit codes and error codes are exact.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { ENTITY_EXPANSION_ALLOWANCE, ENTITY_EXPANSION_RATIO, parseRdfXml, parseRdfXmlChunksInto } from '../../src/ontology/rdfxml.js';
import type { IoaError } from '../../src/model/errors.js';
import { MAX_YAML_DEPTH } from '../../src/exchange/yaml.js';
import { fifo, releaseFifo, tempDir, within } from './helpers.js';

const EX = new URL('../../corpora/ioa-example/', import.meta.url).pathname;
const ex = (f: string): string => join(EX, f);
const dir = tempDir('ioa-in-');
const at = (name: string): string => join(dir, name);
const codes = (stderr: string): string[] => stderr.match(/\[E_[A-Z_]+\]/g)?.map((c) => c.slice(1, -1)) ?? [];
const NOW = ['--now', '2026-06-01T00:00:00Z'];
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

let pipe: string;
let keyPath: string;
beforeAll(async () => {
  pipe = fifo(dir);
  const keys = await runCli(['keys', 'generate', '--out', at('keys')]);
  expect(keys.code).toBe(0);
  keyPath = at('keys/private.pem');
});
afterAll(() => releaseFifo(pipe));

const CHECK = (over: Record<string, string>): string[] => {
  const args: Record<string, string> = {
    request: ex('envelope-12.1-zh-en.json'), provider: ex('capability-cs-translate.json'), profile: ex('profile-tech-translation.json'), ontology: ex('cs.ttl'), ...over,
  };
  return ['check', ...Object.entries(args).flatMap(([k, v]) => [`--${k}`, v]), ...NOW, '--json'];
};

describe('a FIFO given as input is refused at once (no hang)', () => {
  const exit2: Array<[string, () => string[]]> = [
    ['validate', () => ['validate', pipe]],
    ['validate --profile', () => ['validate', ex('envelope-12.1-zh-en.json'), '--profile', pipe]],
    ['convert <in>', () => ['convert', pipe, '--to', 'json']],
    ['convert --metadata', () => ['convert', ex('reviewed-cs-doc.sssom.tsv'), '--to', 'json', '--metadata', pipe]],
    ['artifact build --from', () => ['artifact', 'build', '--from', pipe, '--artifact-id', 'https://example.org/a', '--revision', '1', '--asserted-by', 'https://example.org/i', '--valid-until', '2027-01-01T00:00:00Z']],
    ['artifact verify <artifact>', () => ['artifact', 'verify', pipe, '--trust', ex('trust-policy.json')]],
    ['artifact verify --trust', () => ['artifact', 'verify', ex('artifact-12.4.json'), '--trust', pipe]],
    ['artifact sign <artifact>', () => ['artifact', 'sign', pipe, '--key', keyPath]],
    ['artifact sign --key', () => ['artifact', 'sign', ex('artifact-12.4.json'), '--key', pipe]],
    ['a2a wrap', () => ['a2a', 'wrap', pipe]],
    ['a2a unwrap', () => ['a2a', 'unwrap', pipe]],
    ['nlip wrap', () => ['nlip', 'wrap', pipe, '--task', 't']],
    ['nlip unwrap', () => ['nlip', 'unwrap', pipe]],
    ['inspect', () => ['inspect', pipe]],
    ['propose', () => ['propose', pipe, ex('doc.ttl')]],
  ];
  for (const [name, argv] of exit2) {
    it(`${name}: exit 2, E_FILE_UNREADABLE naming the FIFO`, async () => {
      const run = await within(runCli(argv()));
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${pipe}: cannot read`);
      expect(run.stderr).toContain('FIFO (named pipe), not a regular file [E_FILE_UNREADABLE]');
    });
  }

  for (const role of ['request', 'provider', 'trust', 'ontology', 'candidates']) {
    it(`check --${role} <FIFO>: the caller's own input, exit 2 with the Invalid object`, async () => {
      const run = await within(runCli(CHECK({ [role]: pipe })));
      expect(run.code).toBe(2);
      const result = JSON.parse(run.stdout) as { outcome: string; errors: Array<{ code: string; file: string }> };
      expect(result.outcome).toBe('Invalid');
      expect(result.errors[0]).toMatchObject({ code: 'E_FILE_UNREADABLE', file: pipe });
    });
  }

  for (const role of ['profile', 'artifact']) {
    it(`check --${role} <FIFO>: a resource that could not be obtained, Indeterminate RESOURCE_UNAVAILABLE (exit 4)`, async () => {
      const run = await within(runCli(CHECK({ [role]: pipe, ...(role === 'artifact' ? { provider: ex('capability-doc-translate.json'), trust: ex('trust-policy.json') } : {}) })));
      expect(run.code).toBe(4);
      const verdict = JSON.parse(run.stdout) as { outcome: string; reasons: Array<{ code: string; message: string }> };
      expect(verdict.outcome).toBe('Indeterminate');
      expect(verdict.reasons[0]!.code).toBe('RESOURCE_UNAVAILABLE');
      expect(verdict.reasons[0]!.message).toContain('FIFO');
    });
  }
});

describe('strict UTF-8: an invalid byte is a parse error at its offset (exit 2, E_PARSE_UTF8)', () => {
  const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');
  it('validate: an envelope with one Latin-1 byte is not silently repaired', async () => {
    const text = readFileSync(ex('envelope-12.1-zh-en.json'), 'utf8').replace('"zh"', '"zh\u00e9"');
    const offset = Buffer.byteLength(text.slice(0, text.indexOf('\u00e9')));
    writeFileSync(at('latin1-envelope.json'), latin1(text));
    const run = await runCli(['validate', at('latin1-envelope.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`invalid UTF-8 at byte offset ${offset} (0xe9)`);
    expect(run.stderr).toContain('[E_PARSE_UTF8]');
  });

  it('inspect (Turtle), convert (SSSOM TSV) and check --request report it with file and line', async () => {
    writeFileSync(at('latin1.ttl'), latin1('@prefix ex: <http://example.org/> .\nex:a ex:label "caf\u00e9" .\n'));
    const inspect = await runCli(['inspect', at('latin1.ttl')]);
    expect(inspect.code).toBe(2);
    expect(inspect.stderr).toContain(`${at('latin1.ttl')}:2:19: invalid UTF-8 at byte offset 54 (0xe9)`);
    writeFileSync(at('latin1.sssom.tsv'), latin1(readFileSync(ex('reviewed-cs-doc.sssom.tsv'), 'utf8').replace('Translate text', 'Traduire \u00e9')));
    const convert = await runCli(['convert', at('latin1.sssom.tsv'), '--to', 'json']);
    expect(convert.code).toBe(2);
    expect(convert.stderr).toContain('[E_PARSE_UTF8]');
    const check = await runCli(CHECK({ request: at('latin1-envelope.json') }));
    expect(check.code).toBe(2);
    expect((JSON.parse(check.stdout) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('E_PARSE_UTF8');
  });
});

describe('a UTF-8 byte-order mark is accepted by every reader', () => {
  const withBom = (name: string, source: string): string => {
    writeFileSync(at(name), Buffer.concat([BOM, readFileSync(source)]));
    return at(name);
  };

  it('JSON (validate, check --request, a2a wrap)', async () => {
    const envelope = withBom('bom-envelope.json', ex('envelope-12.1-zh-en.json'));
    expect((await runCli(['validate', envelope])).code).toBe(0);
    expect((await runCli(CHECK({ request: envelope }))).code).toBe(0);
    expect((await runCli(['a2a', 'wrap', envelope])).code).toBe(0);
  });

  it('Turtle, RDF/XML and JSON-LD ontologies (inspect)', async () => {
    const turtle = await runCli(['inspect', withBom('bom.ttl', ex('cs.ttl')), '--json']);
    expect(turtle.code).toBe(0);
    writeFileSync(at('bom.rdf'), Buffer.concat([BOM, Buffer.from('<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:owl="http://www.w3.org/2002/07/owl#">\n<owl:Class rdf:about="http://example.org/A"><rdfs:label>A thing</rdfs:label></owl:Class>\n</rdf:RDF>\n')]));
    const rdf = await runCli(['inspect', at('bom.rdf'), '--json']);
    expect(rdf.code).toBe(0);
    expect((JSON.parse(rdf.stdout) as { matchable: unknown }).matchable).toEqual({ class: 1 });
    writeFileSync(at('bom.jsonld'), Buffer.concat([BOM, Buffer.from('{"@context": {"rdfs": "http://www.w3.org/2000/01/rdf-schema#", "owl": "http://www.w3.org/2002/07/owl#"}, "@id": "http://example.org/A", "@type": "owl:Class", "rdfs:label": "A thing"}')]));
    const jsonld = await runCli(['inspect', at('bom.jsonld'), '--json']);
    expect(jsonld.code).toBe(0);
    expect((JSON.parse(jsonld.stdout) as { matchable: unknown }).matchable).toEqual({ class: 1 });
  });

  it('SSSOM TSV, CSV and YAML external metadata (convert)', async () => {
    const tsv = withBom('bom.sssom.tsv', ex('reviewed-cs-doc.sssom.tsv'));
    const json = await runCli(['convert', tsv, '--to', 'json']);
    expect(json.code).toBe(0);
    const csv = await runCli(['convert', tsv, '--to', 'csv']);
    writeFileSync(at('bom.csv'), Buffer.concat([BOM, Buffer.from(csv.stdout)]));
    expect((await runCli(['convert', at('bom.csv'), '--to', 'json'])).stdout).toBe(json.stdout);
    // The same table without its embedded metadata, which comes from a YAML file with a BOM.
    const lines = readFileSync(ex('reviewed-cs-doc.sssom.tsv'), 'utf8').split('\n');
    writeFileSync(at('bare.sssom.tsv'), lines.filter((l) => !l.startsWith('#')).join('\n'));
    writeFileSync(at('meta.yml'), Buffer.concat([BOM, Buffer.from(lines.filter((l) => l.startsWith('#')).map((l) => l.slice(2)).join('\n'))]));
    const external = await runCli(['convert', at('bare.sssom.tsv'), '--to', 'json', '--metadata', at('meta.yml')]);
    expect(external.code).toBe(0);
    expect(external.stdout).toBe(json.stdout);
  });
});

describe('a document that stops early is a parse error (exit 2), in every loader', () => {
  const write = (name: string, text: string): string => {
    writeFileSync(at(name), text);
    return at(name);
  };
  const RDF_OPEN = '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:owl="http://www.w3.org/2002/07/owl#">';

  it('RDF/XML: <rdf:RDF …><oops, an unclosed root, an empty file', async () => {
    for (const [name, text, message, code] of [
      ['oops.owl', `${RDF_OPEN}<oops`, 'unclosed tag', 'E_PARSE_RDFXML'],
      ['unclosed.rdf', `${RDF_OPEN}\n<owl:Class rdf:about="http://example.org/A"/>\n`, 'unclosed tag: rdf:RDF', 'E_PARSE_RDFXML'],
      ['empty.owl', '', 'the file is empty: no ontology to read', 'E_EMPTY_ONTOLOGY'],
    ] as const) {
      const run = await runCli(['inspect', write(name, text)]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain(`[${code}]`);
    }
  });

  it('an empty Turtle or N-Triples file, or one of blanks, is E_EMPTY_ONTOLOGY, never an empty ontology read with exit 0', async () => {
    for (const [name, text] of [['empty.ttl', ''], ['blank.nt', '\n  \n'], ['bom.ttl', '\uFEFF']] as const) {
      const run = await runCli(['inspect', write(name, text)]);
      expect([name, run.code, run.stderr.trim()]).toEqual([name, 2, `ioa-align: ${at(name)}: the file is empty: no ontology to read [E_EMPTY_ONTOLOGY]`]);
    }
  });

  it('OWL/XML, OWL functional and Manchester syntax are named and refused (E_UNKNOWN_FORMAT), never read as an ontology without classes', async () => {
    const owlXml = '<?xml version="1.0"?>\n<Ontology xmlns="http://www.w3.org/2002/07/owl#" xml:base="http://example.org/ox" ontologyIRI="http://example.org/ox">\n<Declaration><Class IRI="#A"/></Declaration>\n</Ontology>\n';
    for (const [name, text, syntax] of [
      ['owlxml.owl', owlXml, 'OWL/XML'],
      ['prefixed.owl', owlXml.replace('<Ontology xmlns=', '<owl:Ontology xmlns:owl=').replace('</Ontology>', '</owl:Ontology>').replace(' ontologyIRI=', ' owl:ontologyIRI='), 'OWL/XML'],
      ['functional.ofn', 'Prefix(:=<http://example.org/o#>)\nOntology(<http://example.org/o>\nDeclaration(Class(:A))\n)\n', 'OWL functional syntax'],
      ['manchester.omn', 'Prefix: : <http://example.org/o#>\nOntology: <http://example.org/o>\nClass: A\n', 'OWL Manchester syntax'],
    ] as const) {
      const run = await runCli(['inspect', write(name, text)]);
      expect([name, run.code, run.stderr]).toEqual([name, 2, expect.stringContaining(`this is ${syntax}, which is not RDF`)]);
      expect(run.stderr).toContain('[E_UNKNOWN_FORMAT]');
    }
    // An RDF/XML document whose root is an owl:Ontology node element stays RDF/XML.
    const rooted = '<?xml version="1.0"?>\n<owl:Ontology xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" rdf:about="http://example.org/o"/>\n';
    expect((await runCli(['inspect', write('rooted.owl', rooted)])).code).toBe(0);
  });

  it('RDF/XML the XML reads but RDF does not: the RDF reason and its place, not the "unclosed tag" the end of the file would add', async () => {
    for (const [name, text, message] of [
      ['bad-id.owl', `${RDF_OPEN}
<owl:Class rdf:ID="1bad"/></rdf:RDF>`, 'Not a valid NCName: 1bad'],
      ['bad-iri.owl', `${RDF_OPEN}
<owl:Class rdf:about="http://x.example/a b"/></rdf:RDF>`, "Invalid IRI according to RDF Turtle: 'http://x.example/a b'"],
    ] as const) {
      const run = await runCli(['inspect', write(name, text)]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${name}:3:`);
      expect(run.stderr).toContain(message);
      expect(run.stderr).not.toContain('unclosed tag');
      expect(run.stderr).toContain('[E_PARSE_RDFXML]');
    }
  });

  it('Alignment RDF/XML cut short (convert)', async () => {
    const full = (await runCli(['convert', ex('reviewed-cs-doc.sssom.tsv'), '--to', 'alignment', '--drop-unrepresentable'])).stdout;
    const cut = write('cut.rdf', full.slice(0, full.lastIndexOf('</Cell>')));
    const run = await runCli(['convert', cut, '--to', 'json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('[E_PARSE_RDFXML]');
  });

  it('Turtle, JSON-LD and an A2A Agent Card cut short', async () => {
    const turtle = await runCli(['inspect', write('cut.ttl', '@prefix ex: <http://example.org/> .\nex:a ex:b ex:c')]);
    expect(turtle.code).toBe(2);
    expect(turtle.stderr).toContain('[E_PARSE_TURTLE]');
    const jsonld = await runCli(['inspect', write('cut.jsonld', '{"@context": {"ex": "http://example.org/"}, "@id": "ex:a"')]);
    expect(jsonld.code).toBe(2);
    expect(jsonld.stderr).toContain('[E_PARSE_JSON]');
    const card = await runCli(['inspect', write('card.json', '{"name": "agent", "protocolVersion": "0.3.0", "url": "https://agent.example", "skills": [{"id": "s1", "name": "Sum')]);
    expect(card.code).toBe(2);
    expect(card.stderr).toContain('[E_PARSE_JSON]');
  });

  it('a JSON file that is null, [] or a number is not an ontology (E_PARSE_JSONLD)', async () => {
    for (const [name, text] of [['null.json', 'null'], ['array.json', '[]'], ['number.json', '42'], ['strings.jsonld', '["a"]']]) {
      const run = await runCli(['inspect', write(name!, text!)]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${at(name!)} at $: not a JSON-LD document`);
      expect(run.stderr).toContain('[E_PARSE_JSONLD]');
    }
  });
});

describe('RDF/XML entities: one that refers to another is a parse error, never read as its text', () => {
  const doc = (entities: string, about: string): string => [
    '<?xml version="1.0"?>',
    `<!DOCTYPE rdf:RDF [\n${entities}\n]>`,
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#">',
    `<owl:Class rdf:about="${about}"><rdfs:label>Paper</rdfs:label></owl:Class>`,
    '</rdf:RDF>',
  ].join('\n');

  it('inspect (ontology) and convert (Alignment): E_PARSE_RDFXML at the declaration; a plain entity still reads', async () => {
    const nested = at('nested.owl');
    writeFileSync(nested, doc('  <!ENTITY base "http://example.org/onto">\n  <!ENTITY ex "&base;#">', '&ex;Paper'));
    const run = await runCli(['inspect', nested]);
    expect([run.code, run.stderr.trim()]).toEqual([2, `ioa-align: ${nested}:4:3: malformed RDF/XML: entity "ex" refers to another entity (&base;), which is not expanded: its references would be read as text; write its value out [E_PARSE_RDFXML]`]);
    const alignment = (await runCli(['convert', ex('reviewed-cs-doc.sssom.tsv'), '--to', 'alignment', '--drop-unrepresentable'])).stdout
      .replaceAll('https://example.org/onto/cs#', '&cs;')
      .replace('<rdf:RDF', '<!DOCTYPE rdf:RDF [ <!ENTITY a "x"> <!ENTITY cs "&a;https://example.org/onto/cs#"> ]>\n<rdf:RDF');
    writeFileSync(at('nested.rdf'), alignment);
    const converted = await runCli(['convert', at('nested.rdf'), '--to', 'json']);
    expect([converted.code, converted.stderr.includes('entity "cs" refers to another entity (&a;)')]).toEqual([2, true]);
    const plain = at('plain.owl');
    writeFileSync(plain, doc('  <!ENTITY ex "http://example.org/onto#">', '&ex;Paper'));
    const ok = await runCli(['inspect', plain, '--json']);
    expect(ok.code).toBe(0);
  });
});

describe('the sidecar F.yml of F.csv or F.tsv', () => {
  it('a FIFO, folder or device there is refused as every input is (E_FILE_UNREADABLE, naming the sidecar), never read past as if there were no metadata', async () => {
    const csv = at('side.csv');
    expect((await runCli(['convert', ex('reviewed-cs-doc.sssom.tsv'), '--out', csv, '--quiet'])).code).toBe(0);
    rmSync(at('side.yml'));
    const sidecarPipe = fifo(dir, 'side.yml');
    try {
      const run = await runCli(['convert', csv, '--to', 'json']);
      expect([run.code, run.stderr.trim()]).toEqual([2, `ioa-align: ${at('side.yml')}: cannot read external metadata: it is a FIFO (named pipe), not a regular file [E_FILE_UNREADABLE]`]);
    } finally {
      releaseFifo(sidecarPipe);
    }
    copyFileSync(ex('reviewed-cs-doc.sssom.tsv'), at('side2.tsv'));
    mkdirSync(at('side2.yml'));
    const folder = await runCli(['convert', at('side2.tsv'), '--to', 'json']);
    expect([folder.code, folder.stderr.trim()]).toEqual([2, `ioa-align: ${at('side2.yml')}: cannot read external metadata: it is a directory, not a regular file [E_FILE_UNREADABLE]`]);
    copyFileSync(ex('reviewed-cs-doc.sssom.tsv'), at('side3.tsv'));
    symlinkSync('/dev/zero', at('side3.yml'));
    const device = await runCli(['convert', at('side3.tsv'), '--to', 'json']);
    expect([device.code, device.stderr]).toEqual([2, expect.stringContaining(`${at('side3.yml')}: cannot read external metadata: it is a character device`)]);
  });
});

describe('RDF/XML entities: their expansion is bounded', () => {
  const big = 'a'.repeat(1_000_000);
  const head = `<?xml version="1.0"?>\n<!DOCTYPE rdf:RDF [\n<!ENTITY big "${big}">\n<!ENTITY ex "http://example.org/onto#">\n]>\n`
    + '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#">\n';
  const label = '<owl:Class rdf:about="&ex;A"><rdfs:label>';
  const doc = (references: number): string => `${head}${label}${'&big;'.repeat(references)}</rdfs:label></owl:Class>\n</rdf:RDF>\n`;
  // 16 MiB + 4 × the 1 MB read: the 21st million-character reference goes past it.
  const limit = ENTITY_EXPANSION_ALLOWANCE + ENTITY_EXPANSION_RATIO * doc(40).length;

  it('one large entity referenced past the allowance: E_PARSE_RDFXML at the reference that goes over, nothing expanded', async () => {
    const file = at('blowup.owl');
    writeFileSync(file, doc(40));
    const run = await runCli(['inspect', file]);
    const over = Math.floor(limit / big.length) + 1;
    expect([run.code, run.stderr.trim()]).toEqual([2, `ioa-align: ${file}:7:${label.length + 5 * (over - 1) + 1}: malformed RDF/XML: internal entities expand to more than ${limit} characters at "&big;" (${ENTITY_EXPANSION_ALLOWANCE} plus ${ENTITY_EXPANSION_RATIO} times the ${doc(40).length} characters read): an entity referenced this often is refused, not expanded [E_PARSE_RDFXML]`]);
  });

  it('references cut by the end of a chunk are counted too; within the allowance the text is expanded as written', async () => {
    const text = doc(40);
    const pieces = [head, ...(text.slice(head.length).match(/[\s\S]{1,3}/g) ?? [])];
    const error = await parseRdfXmlChunksInto(pieces, 'chunked.owl', () => {}).then(() => undefined, (e: unknown) => e as IoaError);
    expect([error?.code, error?.location.line]).toEqual(['E_PARSE_RDFXML', 7]);
    const quads = await parseRdfXml(doc(3), 'ok.owl');
    expect(quads.find((q) => q.predicate.value.endsWith('#label'))?.object.value).toBe(big.repeat(3));
    expect(quads.find((q) => q.predicate.value.endsWith('#label'))?.subject.value).toBe('http://example.org/onto#A');
  });
});

describe('YAML aliases in SSSOM metadata are bounded', () => {
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(',')}]`)];

  it('an alias bomb in the embedded metadata block: exit 2, E_SSSOM_BAD_METADATA at file:line', async () => {
    const tsv = readFileSync(ex('reviewed-cs-doc.sssom.tsv'), 'utf8');
    writeFileSync(at('bomb.sssom.tsv'), `${bomb.map((l) => `# ${l}`).join('\n')}\n${tsv}`);
    const run = await runCli(['convert', at('bomb.sssom.tsv'), '--to', 'json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${at('bomb.sssom.tsv')}:2: metadata block expands YAML aliases more than 100 times`);
    expect(run.stderr).toContain('[E_SSSOM_BAD_METADATA]');
  });

  it('an alias bomb in an external metadata file: the same, naming that file', async () => {
    writeFileSync(at('bomb.yml'), `license: https://creativecommons.org/publicdomain/zero/1.0/\n${bomb.join('\n')}\n`);
    const run = await runCli(['convert', ex('reviewed-cs-doc.sssom.tsv'), '--to', 'json', '--metadata', at('bomb.yml')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${at('bomb.yml')}:3: external metadata expands YAML aliases`);
    expect(run.stderr).toContain('[E_SSSOM_BAD_METADATA]');
  });

  it('metadata nested thousands deep, flow or block, embedded or external: E_SSSOM_BAD_METADATA "nested deeper than 256 levels" at its line, not a stack overflow', async () => {
    writeFileSync(at('deep.yml'), `license: https://creativecommons.org/publicdomain/zero/1.0/\nzz_deep: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`);
    const external = await runCli(['convert', ex('reviewed-cs-doc.sssom.tsv'), '--to', 'json', '--metadata', at('deep.yml')]);
    expect([external.code, external.stderr.trim()]).toEqual([2, `ioa-align: ${at('deep.yml')}:2: external metadata nested deeper than ${MAX_YAML_DEPTH} levels: no SSSOM metadata needs that depth [E_SSSOM_BAD_METADATA]`]);
    // One indentation step per level: the map opened on line MAX_YAML_DEPTH + 3 is one too many.
    const block = Array.from({ length: 2_000 }, (_, k) => `#${' '.repeat(k + 1)}a:`).join('\n');
    writeFileSync(at('deep.sssom.tsv'), `# zz_deep:\n${block}\n${readFileSync(ex('reviewed-cs-doc.sssom.tsv'), 'utf8')}`);
    const embedded = await runCli(['convert', at('deep.sssom.tsv'), '--to', 'json']);
    expect([embedded.code, embedded.stderr.trim()]).toEqual([2, `ioa-align: ${at('deep.sssom.tsv')}:${MAX_YAML_DEPTH + 3}: metadata block nested deeper than ${MAX_YAML_DEPTH} levels: no SSSOM metadata needs that depth [E_SSSOM_BAD_METADATA]`]);
  });

  it('a few aliases are still fine', async () => {
    const tsv = readFileSync(ex('reviewed-cs-doc.sssom.tsv'), 'utf8').replace('# subject_source_version: "1.0"', '# subject_source_version: &v "1.0"\n# comment: *v');
    writeFileSync(at('alias.sssom.tsv'), tsv);
    expect((await runCli(['convert', at('alias.sssom.tsv'), '--to', 'json'])).code).toBe(0);
  });
});

describe('lone-surrogate escapes in SSSOM YAML metadata are refused at their line', () => {
  const example = (): string => readFileSync(ex('reviewed-cs-doc.sssom.tsv'), 'utf8');

  it('in the embedded block: convert and artifact build stop with E_SSSOM_BAD_METADATA at file:line, nothing written', async () => {
    writeFileSync(at('lone.sssom.tsv'), example().replace('# mapping_set_id: https://example.org/align/cs-doc-review-1', '# mapping_set_id: "https://example.org/set/\\ud800x"'));
    const converted = await runCli(['convert', at('lone.sssom.tsv'), '--to', 'json', '--out', at('lone.json')]);
    expect([converted.code, codes(converted.stderr)]).toEqual([2, ['E_SSSOM_BAD_METADATA']]);
    expect(converted.stderr).toContain(`${at('lone.sssom.tsv')}:8: metadata block: a string holds a lone surrogate (\\ud800)`);
    expect(existsSync(at('lone.json'))).toBe(false);
    const built = await runCli(['artifact', 'build', '--from', at('lone.sssom.tsv'), '--artifact-id', 'https://example.org/align/x', '--revision', '1',
      '--asserted-by', 'https://example.org/mapping-authority', '--valid-until', '2099-01-01T00:00:00Z', '--out', at('lone-artifact.json')]);
    expect([built.code, codes(built.stderr)]).toEqual([2, ['E_SSSOM_BAD_METADATA']]);
    expect(built.stderr).toContain(`${at('lone.sssom.tsv')}:8:`);
    expect(existsSync(at('lone-artifact.json'))).toBe(false);
  });

  it('in a curie_map key or value, and in an external metadata file', async () => {
    writeFileSync(at('lone-curie.sssom.tsv'), example().replace('#   doc: https://example.net/onto/doc#', '#   doc: "https://example.net/onto/\\udc00doc#"'));
    const curie = await runCli(['convert', at('lone-curie.sssom.tsv'), '--to', 'json']);
    expect([curie.code, codes(curie.stderr)]).toEqual([2, ['E_SSSOM_BAD_METADATA']]);
    expect(curie.stderr).toContain(`${at('lone-curie.sssom.tsv')}:3: metadata block: a string holds a lone surrogate (\\udc00)`);
    writeFileSync(at('lone-key.sssom.tsv'), example().replace('#   doc: https://example.net/onto/doc#', '#   doc: https://example.net/onto/doc#\n#   "x\\ud83d": https://example.net/x#'));
    const key = await runCli(['convert', at('lone-key.sssom.tsv'), '--to', 'json']);
    expect([key.code, codes(key.stderr)]).toEqual([2, ['E_SSSOM_BAD_METADATA']]);
    expect(key.stderr).toContain(`${at('lone-key.sssom.tsv')}:4: metadata block: a key holds a lone surrogate (\\ud83d)`);
    writeFileSync(at('lone.yml'), 'license: https://creativecommons.org/publicdomain/zero/1.0/\nmapping_set_title: "caf\\ud800"\n');
    const sidecar = await runCli(['convert', ex('reviewed-cs-doc.sssom.tsv'), '--to', 'json', '--metadata', at('lone.yml')]);
    expect([sidecar.code, codes(sidecar.stderr)]).toEqual([2, ['E_SSSOM_BAD_METADATA']]);
    expect(sidecar.stderr).toContain(`${at('lone.yml')}:2: external metadata: a string holds a lone surrogate (\\ud800)`);
  });

  it('a surrogate pair spelled as two escapes is one character and stays fine', async () => {
    writeFileSync(at('pair.sssom.tsv'), example().replace('# subject_source_version: "1.0"', '# subject_source_version: "1.0"\n# mapping_set_title: "rocket \\ud83d\\ude80"'));
    const run = await runCli(['convert', at('pair.sssom.tsv'), '--to', 'json', '--out', at('pair.json')]);
    expect(run.code).toBe(0);
    expect((JSON.parse(readFileSync(at('pair.json'), 'utf8')) as { mapping_set_title: string }).mapping_set_title).toBe('rocket 🚀');
  });
});

describe('sanity: the copied example still converts', () => {
  it('convert reads a copy of the example', async () => {
    copyFileSync(ex('reviewed-cs-doc.sssom.tsv'), at('plain.sssom.tsv'));
    expect((await runCli(['convert', at('plain.sssom.tsv'), '--to', 'json'])).code).toBe(0);
  });
});
