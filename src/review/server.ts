/**
 * The review server: node:http, no framework (a handful of routes; what a framework would add —
 * routing, body parsing — is a few lines here, and every security header is in plain sight).
 *
 * Security, because labels and definitions are third-party input and a browser on the same
 * machine visits other sites:
 * - bound to 127.0.0.1 only;
 * - a fresh random token per run, required on every request: in the query of the first page
 *   load (which sets an HttpOnly, SameSite=Strict cookie), then the cookie or
 *   `Authorization: Bearer TOKEN`; 401 without it;
 * - the `Host` header must be `127.0.0.1:PORT` or `localhost:PORT`, else 403 (DNS rebinding);
 * - no CORS headers at all, and POST bodies must be `application/json` (a cross-site form
 *   cannot send that without a preflight, which is refused: 405, before any token is asked for,
 *   since a preflight carries none);
 * - a strict Content-Security-Policy (scripts and styles from this server only, no inline code,
 *   no frames), `nosniff`, no referrer; the page builds its DOM with textContent only;
 * - request bodies are limited to 64 KiB (413).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { IoaError, isIoaError } from '../model/errors.js';
import { checkCallbacks, optionKeys, optionsObject } from '../model/options.js';
import { readJson } from '../text/json.js';
import { firstInvalidUtf8 } from '../io/utf8.js';
import { DECISIONS, type Decision } from './policy.js';
import { ReviewRefusal, type ItemFilter, type Progress, type ReviewSession } from './session.js';
import { pageAssets } from './assets.js';
import { cutText } from '../text/cut.js';

export const MAX_BODY_BYTES = 64 * 1024;
/**
 * The cookie's name carries the port: cookies are not kept apart by port, so two review servers
 * on 127.0.0.1 (two files, a reviewer and an adjudicator) sharing one name would each replace the
 * other's token, and the first tab's every decision would fail once the second was opened.
 */
const cookieName = (port: number): string => `ioa_review_${port}`;

export const CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface ReviewServer {
  /** `http://127.0.0.1:PORT/?token=…`: the address to open. */
  url: string;
  port: number;
  token: string;
  server: Server;
  /** Stop serving (open connections are closed) and wait for the last save. */
  close(): Promise<void>;
}

export interface ServeOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** For tests: a fixed token instead of a random one. */
  token?: string;
  /**
   * How the messages the server sends are worded: its errors and refusals, why saving fails
   * (`save_error`), and what the page says once the server has stopped (open the new `url` of a
   * review served again: the tab's token no longer works). They name what the library offers (`files.decisions`, `session.rescue()`, the
   * `url` serveReview returned); a host that offers it otherwise words it its own way here (the
   * `review` command: its flags, Ctrl-C). Default: as the library words them.
   */
  wording?: (message: string) => string;
}

/** What a request is answered from: the session, its lists, and how the server is reached and worded. */
interface Served {
  session: ReviewSession;
  lists: ItemLists;
  token: string;
  port: number;
  word: (message: string) => string;
  /** The page (index.html) with what it says once the server has stopped, worded. */
  page: Buffer;
  /** close() was called: work done ahead stops. */
  closed: boolean;
}

/**
 * Candidates numbered or labels folded per step of the work done ahead for the first search: a
 * few milliseconds each (NCIt × ORDO, 302,954 candidates and 32,510 labels: 67 steps, the longest
 * 20 ms at load average 6).
 */
const SEARCH_SLICE = 5000;

const SERVE_OPTIONS = optionKeys<ServeOptions>()('port', 'token', 'wording');

/** Start serving `session` on 127.0.0.1. Throws E_REVIEW_PORT_IN_USE when the port is taken. */
export async function serveReview(session: ReviewSession, options: ServeOptions = {}): Promise<ReviewServer> {
  optionsObject(options, '$', SERVE_OPTIONS);
  checkCallbacks(options, ['wording']);
  // A port Node cannot listen on would fail as a RangeError after the page's files were read; a
  // blank or short token would let anyone who guesses it decide.
  if (options.port !== undefined && !(Number.isInteger(options.port) && options.port >= 0 && options.port <= 65535)) {
    throw new IoaError('E_USAGE', `options.port must be a whole number from 0 (any free port) to 65535, not ${JSON.stringify(options.port)}`, { path: '$.port' });
  }
  if (options.token !== undefined && (typeof options.token !== 'string' || !/^[A-Za-z0-9_-]{8,}$/.test(options.token))) {
    throw new IoaError('E_USAGE', 'options.token must be at least 8 URL-safe characters (letters, digits, - and _)', { path: '$.token' });
  }
  const token = options.token ?? randomBytes(24).toString('base64url');
  let port = options.port ?? 0;
  // Read the page's files before listening: missing files fail here, not on the first request.
  pageAssets();
  const wording = options.wording;
  // A host's wording that fails leaves the message as the library words it: an answer is still
  // sent, and the process does not end on an error thrown while answering an error.
  const word = wording === undefined ? (message: string): string => message : (message: string): string => {
    try {
      const worded = wording(message);
      return typeof worded === 'string' ? worded : message;
    } catch {
      return message;
    }
  };
  const served: Served = { session, lists: new ItemLists(), token, port, word, page: pageWith(word(RESTARTED)), closed: false };
  const server = createServer((req, res) => {
    handle(req, res, served).catch((error: unknown) => {
      if (!res.headersSent) send(res, isIoaError(error) && error.code !== 'E_INTERNAL' ? 400 : 500, { error: errorBody(error, served.word) });
      else res.destroy();
    });
  });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new IoaError('E_REVIEW_PORT_IN_USE', `port ${port} on 127.0.0.1 is in use; give another options.port (or 0 for any free one)`, { path: '$.port' }));
      else if (error.code === 'EACCES') reject(new IoaError('E_REVIEW_PORT_IN_USE', `port ${port} on 127.0.0.1 may not be used by this user; give another options.port`, { path: '$.port' }));
      else reject(error);
    });
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = served.port = typeof address === 'object' && address ? address.port : port;
  // The page's first two requests, the list of subjects (which fits the question policy's belief:
  // half a second on anatomy's 40,970 candidates) and the first undecided subject, are worked out
  // while the reviewer opens the address; a page that asks sooner waits for the same work. A
  // failure is the page's request's to report.
  // Then what a first search would otherwise work out while the reader waits (every label
  // folded, the targets numbered), a slice at a time: a request that comes meanwhile waits for
  // one slice, not for all of it.
  const prepare = (): void => {
    try {
      if (!served.closed && !session.prepareSearch(SEARCH_SLICE)) setImmediate(prepare);
    } catch {
      // a search works it out itself
    }
  };
  setImmediate(() => {
    try {
      const first = session.itemSubjects({ status: 'undecided' })[0];
      if (first) session.item(first);
      setImmediate(prepare);
    } catch {
      // reported when the page asks
    }
  });
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    server,
    close: async () => {
      served.closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await session.flush();
    },
  };
}

/**
 * What the page says once the server no longer answers, beside "server unreachable": a server
 * started again has a new token, so the tab's address no longer works. It names the `url` that
 * serveReview returns; a host that prints the address words it its own way (`wording`).
 */
const RESTARTED = "If the review server has stopped, open the new url that serveReview returns when the review is served again: this tab's token no longer works.";

/** index.html with `restarted` in its meta element `ioa-review-restarted`, which the page reads. */
function pageWith(restarted: string): Buffer {
  const escaped = restarted.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = pageAssets().get('/')!.body.toString('utf8');
  return Buffer.from(html.replace('<meta name="ioa-review-restarted" content="">', () => `<meta name="ioa-review-restarted" content="${escaped}">`));
}

/** The session's progress, why saving fails worded as the server words its messages. */
function progressOf(served: Served): Progress {
  const progress = served.session.progress();
  return progress.save_error === undefined ? progress : { ...progress, save_error: served.word(progress.save_error) };
}

function errorBody(error: unknown, word: (message: string) => string): { code: string; message: string; path?: string } {
  if (isIoaError(error)) return { code: error.code, message: word(error.message), ...(error.location.path ? { path: error.location.path } : {}) };
  return { code: 'E_INTERNAL', message: 'internal error' };
}

function headers(res: ServerResponse, type: string): void {
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Cache-Control', 'no-store');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  headers(res, 'application/json; charset=utf-8');
  res.statusCode = status;
  res.end(JSON.stringify(body));
}

function sendText(res: ServerResponse, type: string, text: string | Buffer): void {
  headers(res, type);
  res.statusCode = 200;
  res.end(text);
}

function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieToken(req: IncomingMessage, port: number): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookieName(port)) return rest.join('=');
  }
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'E_LIMIT_EXCEEDED', `request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  // A decision is a document that feeds an artifact: read as strictly as any other (one member
  // named twice, e.g. two "decision"s, is refused rather than the last one taken). Its bytes are
  // decoded strictly too: Buffer#toString would turn a broken sequence into U+FFFD and save a
  // comment the reviewer never wrote.
  const bytes = Buffer.concat(chunks);
  const bad = firstInvalidUtf8(bytes);
  if (bad >= 0) throw new HttpError(400, 'E_PARSE_UTF8', `the request body is not UTF-8: invalid byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} at offset ${bad}`);
  const read = readJson(bytes.toString('utf8'));
  if (read.ok) return read.value;
  if (read.fault.kind === 'duplicate-key') throw new HttpError(400, 'E_DUPLICATE_KEY', `the request body names a member twice at ${read.fault.path}`);
  if (read.fault.kind === 'depth') throw new HttpError(400, 'E_LIMIT_EXCEEDED', `the request body at ${read.fault.path ?? '$'}: ${read.fault.message}`);
  throw new HttpError(400, 'E_PARSE_JSON', read.fault.kind === 'syntax' ? 'the request body is not JSON' : `the request body is not I-JSON: ${read.fault.message}`);
}

class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

async function handle(req: IncomingMessage, res: ServerResponse, served: Served): Promise<void> {
  try {
    await route(req, res, served);
  } catch (error) {
    if (error instanceof ReviewRefusal) {
      // 409: the request was understood, and refused because of the candidate's state.
      send(res, 409, { error: { code: error.code, message: served.word(error.message), ...(error.code === 'E_REVIEW_ONE_TO_ONE' ? { conflicts: error.conflicts } : {}) } });
      return;
    }
    if (error instanceof HttpError) {
      send(res, error.status, { error: { code: error.code, message: served.word(error.message) } });
      if (error.status === 413) req.destroy();
      return;
    }
    throw error;
  }
}

async function route(req: IncomingMessage, res: ServerResponse, served: Served): Promise<void> {
  const { session, token, port } = served;
  const host = req.headers.host ?? '';
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) throw new HttpError(403, 'E_FORBIDDEN_HOST', 'this server answers only to 127.0.0.1 and localhost');
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  if (req.method === 'OPTIONS') {
    res.setHeader('Allow', 'GET, POST');
    throw new HttpError(405, 'E_USAGE', 'method not allowed (no cross-origin requests)');
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const pageLoad = req.method === 'GET' && url.pathname === '/' && sameToken(url.searchParams.get('token') ?? undefined, token);
  if (!pageLoad && !sameToken(bearer, token) && !sameToken(cookieToken(req, port), token)) throw new HttpError(401, 'E_UNAUTHORIZED', 'missing or wrong token: open the url that serveReview returned');

  if (req.method === 'GET') {
    const asset = pageAssets().get(url.pathname);
    if (asset) {
      if (url.pathname === '/') res.setHeader('Set-Cookie', `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      return sendText(res, asset.type, url.pathname === '/' ? served.page : asset.body);
    }
    switch (url.pathname) {
      case '/api/progress':
        return send(res, 200, progressOf(served));
      case '/api/items':
        return send(res, 200, itemsAnswer(served, url.searchParams));
      case '/api/item': {
        const subject = url.searchParams.get('subject');
        if (!subject) throw new HttpError(400, 'E_USAGE', 'give ?subject=…');
        const item = session.item(subject);
        if (!item) throw new HttpError(404, 'E_NOT_FOUND', 'no such subject among the candidates');
        return send(res, 200, { ...item, progress: progressOf(served) });
      }
      default:
        throw new HttpError(404, 'E_NOT_FOUND', 'no such resource');
    }
  }
  if (req.method === 'POST') {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw new HttpError(415, 'E_USAGE', 'send application/json');
    const body = await readBody(req);
    if (url.pathname === '/api/decisions') return send(res, 200, decide(served, body));
    if (url.pathname === '/api/comment') return send(res, 200, comment(served, body));
    if (url.pathname === '/api/undo') {
      const index = session.undo();
      const c = index === undefined ? undefined : session.state.candidates[index];
      return send(res, 200, { undone: c ? { subject_id: c.subject, predicate_id: c.predicate, object_id: c.object } : null, ...(index !== undefined ? { subjects: session.doneAround(index) } : {}), progress: progressOf(served) });
    }
    throw new HttpError(404, 'E_NOT_FOUND', 'no such resource');
  }
  res.setHeader('Allow', 'GET, POST');
  throw new HttpError(405, 'E_USAGE', 'method not allowed');
}

/** The most items one answer of a list's window holds. */
export const MAX_ITEMS_WINDOW = 1000;
/** Lists kept for paging: a tab's list and a few a script or other tabs asked for since it last paged. */
const LISTS_KEPT = 16;

/**
 * The item lists the server has answered, kept by id so that a page can page through the list
 * it was given: the subjects a filter chose when it was asked (a decision does not take an item
 * out of the list being reviewed, as a reload would), each window summarized as it stands now.
 */
class ItemLists {
  private next = 0;
  private readonly kept = new Map<string, string[]>();

  add(subjects: string[]): string {
    const id = String(++this.next);
    this.kept.set(id, subjects);
    for (const old of this.kept.keys()) {
      if (this.kept.size <= LISTS_KEPT) break;
      this.kept.delete(old);
    }
    return id;
  }

  /**
   * A list asked for is the newest again: the one a page is reading stays kept however many
   * lists other tabs or a script ask for meanwhile; the ones nobody reads any more go first.
   */
  get(id: string): string[] | undefined {
    const list = this.kept.get(id);
    if (list !== undefined) {
      this.kept.delete(id);
      this.kept.set(id, list);
    }
    return list;
  }
}

/** A non-negative whole number in the query, or undefined when absent; E_USAGE otherwise. */
function count(params: URLSearchParams, name: string, max: number): number | undefined {
  const text = params.get(name);
  if (text === null) return undefined;
  if (!/^\d{1,9}$/.test(text) || Number(text) > max) throw new HttpError(400, 'E_USAGE', `${name} must be a whole number from 0 to ${max}`);
  return Number(text);
}

/**
 * `GET /api/items`. Without `limit` or `list`: every item the filters choose (what scripts read).
 * With `limit`: a new list, of which the answer holds the window `offset`…`offset + limit` (or,
 * with `around=SUBJECT`, the window of `limit` items holding that subject, and its `position`),
 * its `total` and the `list` id to ask for other windows with (`list=ID&offset=&limit=`, the
 * filters then being the list's).
 */
function itemsAnswer(served: Served, params: URLSearchParams): unknown {
  const { session, lists } = served;
  const limit = count(params, 'limit', MAX_ITEMS_WINDOW);
  let offset = count(params, 'offset', 1e9);
  const listId = params.get('list');
  const windowed = listId !== null || offset !== undefined || params.has('around');
  if (limit === undefined && !windowed) return { items: session.items(filterOf(params)), kinds: session.kinds(), progress: progressOf(served) };
  if (!limit) throw new HttpError(400, 'E_USAGE', `give limit=1…${MAX_ITEMS_WINDOW} (with list=, offset= or around=)`);
  let subjects: string[];
  let id: string;
  if (listId === null) {
    subjects = session.itemSubjects(filterOf(params));
    id = lists.add(subjects);
  } else {
    const kept = lists.get(listId);
    if (!kept) throw new HttpError(404, 'E_NOT_FOUND', 'no such item list (newer ones have replaced it): ask for the list again, without list=');
    subjects = kept;
    id = listId;
  }
  const around = params.get('around');
  let position: number | undefined;
  if (around !== null) {
    const iri = session.expand(around);
    position = subjects.indexOf(iri);
    if (offset === undefined) offset = position >= 0 ? position - (position % limit) : 0;
  }
  const start = Math.min(offset ?? 0, subjects.length);
  const window = { list: id, total: subjects.length, offset: start, items: session.summaries(subjects.slice(start, start + limit)), ...(position !== undefined ? { position } : {}) };
  return listId === null ? { ...window, kinds: session.kinds(), progress: progressOf(served) } : window;
}

function filterOf(params: URLSearchParams): ItemFilter {
  const filter: ItemFilter = {};
  const order = params.get('order');
  if (order === 'ontology' || order === 'uncertain') filter.order = order;
  const status = params.get('status');
  if (status === 'undecided' || status === 'decided' || status === 'all' || status === 'conflict') filter.status = status;
  const min = Number(params.get('min') ?? '');
  const max = Number(params.get('max') ?? '');
  if (params.get('min') && Number.isFinite(min)) filter.minScore = min;
  if (params.get('max') && Number.isFinite(max)) filter.maxScore = max;
  const relation = params.get('relation');
  if (relation) filter.relation = relation;
  const kind = params.get('kind');
  if (kind) filter.kind = kind;
  const text = params.get('q');
  if (text) filter.text = cutText(text, 200);
  return filter;
}

/** The members a body may have, checked: strings where strings are expected, nothing else. */
function members(body: unknown, required: readonly string[], optional: readonly string[], shape: string): Record<string, string | undefined> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'E_USAGE', `send ${shape}`);
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (!required.includes(key) && !optional.includes(key)) throw new HttpError(400, 'E_USAGE', `unknown member ${JSON.stringify(cutText(key, 40))}`);
  }
  for (const key of required) if (typeof b[key] !== 'string') throw new HttpError(400, 'E_USAGE', `${key} must be a string`);
  for (const key of optional) if (b[key] !== undefined && typeof b[key] !== 'string') throw new HttpError(400, 'E_USAGE', `${key} must be a string`);
  return b as Record<string, string | undefined>;
}

function candidateOf(session: ReviewSession, b: Record<string, string | undefined>): number {
  const index = session.find(b.subject_id!, b.predicate_id!, b.object_id!);
  if (index === undefined) throw new HttpError(404, 'E_NOT_FOUND', 'no such candidate (subject_id, predicate_id, object_id as in the candidate file, CURIEs or IRIs)');
  return index;
}

const ENDS = ['subject_id', 'object_id', 'predicate_id'] as const;

function decide(served: Served, body: unknown): unknown {
  const { session } = served;
  const b = members(body, [...ENDS, 'decision'], ['relation', 'comment', 'expected_status', 'confirm'], '{"subject_id", "object_id", "predicate_id", "decision"}');
  if (!(DECISIONS as readonly string[]).includes(b.decision!)) throw new HttpError(400, 'E_USAGE', `decision must be one of ${DECISIONS.join(', ')}`);
  const index = candidateOf(session, b);
  const result = session.decide(index, b.decision as Decision, {
    ...(b.relation !== undefined ? { relation: b.relation } : {}),
    ...(b.comment !== undefined ? { comment: b.comment } : {}),
    ...(b.expected_status !== undefined ? { expectedStatus: b.expected_status } : {}),
    ...(b.confirm !== undefined ? { confirm: b.confirm } : {}),
  });
  const own = session.state.answerOf(index);
  return {
    decided: { ...session.ref(index), decision: b.decision, predicate: own?.predicate, ...(own?.comment !== undefined ? { comment: own.comment } : {}), status: session.state.status(index) },
    unchanged: result.unchanged,
    closed: result.closed.map((i) => session.ref(i)),
    subjects: session.doneAround(index),
    progress: progressOf(served),
  };
}

function comment(served: Served, body: unknown): unknown {
  const { session } = served;
  const b = members(body, [...ENDS, 'comment'], ['expected_status'], '{"subject_id", "object_id", "predicate_id", "comment"}');
  const index = candidateOf(session, b);
  session.comment(index, b.comment!, b.expected_status);
  return { commented: { ...session.ref(index), comment: b.comment }, progress: progressOf(served) };
}
