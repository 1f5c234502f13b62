/**
 * Which IP addresses a user-submitted URL may reach: only globally routable unicast ones.
 * Node's BlockList checks IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) against the IPv4 rules itself.
 */
import "server-only";
import net from "node:net";

const IPV4_BLOCKED: Array<[string, number]> = [
  ["0.0.0.0", 8], // unspecified / this network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved / broadcast
];

const IPV6_BLOCKED: Array<[string, number]> = [
  ["::", 96], // unspecified, loopback or IPv4-compatible
  ["64:ff9b::", 96], // NAT64
  ["64:ff9b:1::", 48], // local NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (incl. Teredo)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local (private)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local
  ["ff00::", 8], // multicast
];

const blockList = new net.BlockList();
for (const [address, prefix] of IPV4_BLOCKED) blockList.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of IPV6_BLOCKED) blockList.addSubnet(address, prefix, "ipv6");

/** True when `address` (an IP literal) must not be contacted; non-IP strings are blocked too. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  const family = net.isIP(bare);
  if (family === 0) return true;
  return blockList.check(bare, family === 4 ? "ipv4" : "ipv6");
}
