/**
 * The network a client address stands for, as the throttles count it (issue 23): an IPv4
 * address as it is; an IPv4-mapped IPv6 address (`::ffff:198.51.100.7`, how a dual-stack socket
 * shows an IPv4 client) as that IPv4 address; any other IPv6 address as its /64, the smallest
 * block a provider gives one customer (RFC 6177), within which one client can pick any of 2^64
 * addresses. Anything unreadable is kept as written.
 */

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail included), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  let address = text;
  const tail: number[] = [];
  const v4 = address.match(/^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const bytes = v4.slice(2, 6).map(Number);
    if (bytes.some((b) => b > 255)) return undefined;
    tail.push((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!);
    // The groups before the IPv4 tail, without the colon that joined them to it (unless "::").
    address = v4[1]!.endsWith("::") ? v4[1]! : v4[1]!.slice(0, -1);
  }
  const halves = address.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  const zeros = new Array(8 - known).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...zeros, ...rest.map((g) => parseInt(g, 16)), ...tail];
}

/** The key a throttle counts `address` under: IPv4 as is, mapped IPv4 unwrapped, IPv6 per /64. */
export function networkOf(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(bare)) return bare;
  if (!bare.includes(":")) return address;
  const groups = ipv6Groups(bare);
  if (groups === undefined) return address;
  // ::ffff:a.b.c.d (IPv4-mapped) is the IPv4 client itself.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}
