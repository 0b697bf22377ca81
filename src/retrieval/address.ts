/**
 * Server-side request forgery guards (draft Section 6.1: "Fetches MUST be constrained to prevent
 * server-side request forgery"). Two layers:
 *
 * 1. `checkUrl` looks at the URL as written *and* as parsed. WHATWG URL parsing rewrites hosts
 *    (`http://127.1/`, `http://2130706433/`, `http://0x7f.0.0.1/`, `http://%31%32%37.0.0.1/` and
 *    `http://①②⑦.0.0.1/` all become 127.0.0.1), so a policy check on the parsed host alone would
 *    miss what the author meant to hide. Any host the parser rewrote is refused.
 * 2. `classifyAddress` sorts a resolved IP into public or one of the non-public ranges, using
 *    Node's `net.BlockList` (which also matches IPv4-mapped IPv6 forms against IPv4 rules).
 */
import { BlockList, isIP } from 'node:net';
import { RetrievalFailure } from './failure.js';

/** Why an address is not public. `public` addresses need only a trusted origin. */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'ipv4-mapped'
  | 'ipv4-embedded'
  | 'reserved';

const RANGES: Array<[Exclude<AddressClass, 'public'>, string, number, 'ipv4' | 'ipv6']> = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '100.64.0.0', 10, 'ipv4'], // shared address space (carrier-grade NAT)
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['reserved', '192.0.2.0', 24, 'ipv4'], // TEST-NET-1
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'], // benchmarking
  ['reserved', '198.51.100.0', 24, 'ipv4'], // TEST-NET-2
  ['reserved', '203.0.113.0', 24, 'ipv4'], // TEST-NET-3
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'], // includes 255.255.255.255 broadcast
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['ipv4-embedded', '::', 96, 'ipv6'], // deprecated IPv4-compatible addresses
  ['ipv4-embedded', '64:ff9b::', 96, 'ipv6'], // NAT64
  ['ipv4-embedded', '64:ff9b:1::', 48, 'ipv6'], // local-use NAT64
  ['reserved', '100::', 64, 'ipv6'], // discard-only
  ['ipv4-embedded', '2001::', 32, 'ipv6'], // Teredo
  ['reserved', '2001:db8::', 32, 'ipv6'], // documentation
  ['ipv4-embedded', '2002::', 16, 'ipv6'], // 6to4
  ['unique-local', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['reserved', 'fec0::', 10, 'ipv6'], // deprecated site-local
  ['multicast', 'ff00::', 8, 'ipv6'],
];

const LISTS = new Map<AddressClass, BlockList>();
for (const [cls, net, prefix, family] of RANGES) {
  const list = LISTS.get(cls) ?? new BlockList();
  list.addSubnet(net, prefix, family);
  LISTS.set(cls, list);
}
// Order matters: the most specific reason first (`::` is unspecified before ipv4-embedded).
const ORDER: Array<Exclude<AddressClass, 'public'>> = ['unspecified', 'loopback', 'link-local', 'unique-local', 'multicast', 'private', 'reserved', 'ipv4-embedded'];

/** Classify one IP address (dotted IPv4 or IPv6 without brackets). */
export function classifyAddress(address: string): AddressClass {
  const family = isIP(address);
  if (family === 0) throw new TypeError(`not an IP address: ${address}`);
  if (family === 6 && /^(?:0{0,4}:){0,5}:?ffff:/i.test(address) && isMappedV4(address)) return 'ipv4-mapped';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const cls of ORDER) if (LISTS.get(cls)?.check(address, type)) return cls;
  return 'public';
}

const MAPPED = new BlockList();
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');
function isMappedV4(address: string): boolean {
  // BlockList matches a mapped address against IPv4 rules too, so test the /96 on its own.
  return MAPPED.check(address, 'ipv6');
}

const SPECIAL_SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const CANONICAL_V4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * The authority as written, before the URL parser rewrites it: after `scheme:` and any run of
 * slashes or backslashes (WHATWG treats `\` as `/` and ignores extra slashes for http(s)), up to
 * the first `/`, `\`, `?` or `#`. For a relative reference, undefined (it inherits the base's).
 */
export function rawAuthority(input: string): string | undefined {
  const scheme = SPECIAL_SCHEME.exec(input);
  let rest: string;
  if (scheme) rest = input.slice(scheme[0].length);
  else if (/^[/\\]{2}/.test(input)) rest = input;
  else return undefined;
  rest = rest.replace(/^[/\\]*/, '');
  const end = rest.search(/[/\\?#]/);
  return end === -1 ? rest : rest.slice(0, end);
}

/**
 * Check a URL (absolute, or relative to `base` for redirect Location values) before anything is
 * resolved or connected. Returns the parsed URL; throws `RetrievalFailure` otherwise.
 */
export function checkUrl(input: string, base?: URL): URL {
  // The parser silently strips tabs and newlines anywhere and C0/space at the ends: refuse them
  // instead of letting "12\t7.0.0.1" become 127.0.0.1.
  if (/[\u0000-\u0020\u007f]/.test(input)) throw new RetrievalFailure('malformed-url', input, 'URL contains whitespace or control characters');
  // Backslashes are read as slashes in http(s) URLs: "http://good\\@evil/" would mean
  // something other than it looks. A canonical URL never needs one.
  if (input.includes('\\')) throw new RetrievalFailure('malformed-url', input, 'URL contains a backslash');
  let url: URL;
  try {
    url = base ? new URL(input, base) : new URL(input);
  } catch (error) {
    throw new RetrievalFailure('malformed-url', input, base ? `"${input}" is not a valid URL reference` : `"${input}" is not an absolute URL`, { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RetrievalFailure('unsupported-scheme', url.href, `only http: and https: may be fetched, not ${url.protocol}`);
  }
  const authority = rawAuthority(input);
  if (url.username || url.password || authority?.includes('@')) {
    throw new RetrievalFailure('credentials-in-url', redact(url), 'URLs with credentials are refused');
  }
  if (authority !== undefined) {
    const host = authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.replace(/:[^:]*$/, '');
    const written = host.toLowerCase();
    const parsed = url.hostname;
    const isAsciiName = /^[\x21-\x7e]*$/.test(written);
    if (written.includes('%')) throw new RetrievalFailure('non-canonical-host', url.href, `host "${host}" is percent-encoded`);
    if (parsed.startsWith('[')) {
      // IPv6 literals are compared on their parsed (compressed) form below; only the address
      // class matters, so a long form like [0:0:0:0:0:ffff:7f00:1] is caught as ipv4-mapped.
    } else if (isIP(parsed) === 4) {
      if (written !== parsed || !CANONICAL_V4.test(written)) {
        throw new RetrievalFailure('non-canonical-host', url.href, `host "${host}" is an IPv4 address in a non-canonical form (the parser reads it as ${parsed})`);
      }
    } else if (isAsciiName && written !== parsed) {
      throw new RetrievalFailure('non-canonical-host', url.href, `host "${host}" is rewritten by URL parsing to "${parsed}"`);
    }
    if (parsed.endsWith('.')) throw new RetrievalFailure('non-canonical-host', url.href, `host "${host}" ends in a dot`);
  }
  return url;
}

/** The host as an IP literal if it is one (brackets removed), else undefined. */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) ? host : undefined;
}

function redact(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}
