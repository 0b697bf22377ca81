/**
 * A decision posted to the review server feeds an artifact, so its body is read by the same strict
 * JSON reader as every such document: a member named twice (two "decision"s: which one did the
 * reviewer mean?) is 400 E_DUPLICATE_KEY, and nothing is decided.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReview, serveReview, type ReviewServer } from '../../src/api/review.js';
import { fixture } from './fixture.js';

function post(server: ReviewServer, path: string, body: string | Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: 'POST', headers: { Host: `127.0.0.1:${server.port}`, Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('review server: request bodies are read strictly', () => {
  let server: ReviewServer;
  beforeAll(async () => {
    const files = await fixture();
    const session = await openReview({ candidates: files.candidates, source: files.source, target: files.target, out: join(files.dir, 'reviewed.sssom.tsv') }, { reviewer: 'orcid:0000-0002-1825-0097', today: () => '2026-12-03' });
    server = await serveReview(session);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('two "decision" members: 400 E_DUPLICATE_KEY with the path, and no decision taken', async () => {
    const decision = '"subject_id": "http://example.org/src#Paper", "object_id": "http://example.org/tgt#Paper", "predicate_id": "skos:exactMatch"';
    const res = await post(server, '/api/decisions', `{${decision}, "decision": "reject", "decision": "accept"}`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'E_DUPLICATE_KEY', message: 'the request body names a member twice at $.decision' } });
    const progress = JSON.parse((await post(server, '/api/undo', '{}')).body) as { undone: unknown };
    expect(progress.undone).toBeNull();
  });

  it('a lone surrogate is 400 E_PARSE_JSON', async () => {
    const res = await post(server, '/api/decisions', '{"subject_id": "\\ud800"}');
    expect([res.status, (JSON.parse(res.body) as { error: { code: string } }).error.code]).toEqual([400, 'E_PARSE_JSON']);
  });

  it('invalid UTF-8 is 400 E_PARSE_UTF8 with its offset, and nothing is decided (not a comment with U+FFFD)', async () => {
    const decision = '{"subject_id": "http://example.org/src#Paper", "object_id": "http://example.org/tgt#Paper", "predicate_id": "skos:exactMatch", "decision": "accept", "comment": "caf';
    const body = Buffer.concat([Buffer.from(decision), Buffer.from([0xe9]), Buffer.from('"}')]);
    const res = await post(server, '/api/decisions', body);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'E_PARSE_UTF8', message: `the request body is not UTF-8: invalid byte 0xe9 at offset ${decision.length}` } });
    const progress = JSON.parse((await post(server, '/api/undo', '{}')).body) as { undone: unknown };
    expect(progress.undone).toBeNull();
  });
});
