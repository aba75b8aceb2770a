/** The network a throttle counts an address under (issue 23). */
import { expect, test } from "bun:test";
import { networkOf } from "./network";

test("IPv4 as it is; IPv4-mapped IPv6 unwrapped, in either spelling", () => {
  expect(networkOf("198.51.100.7")).toBe("198.51.100.7");
  expect(networkOf("::ffff:198.51.100.7")).toBe("198.51.100.7");
  expect(networkOf("::FFFF:c633:6407")).toBe("198.51.100.7");
  expect(networkOf("0:0:0:0:0:ffff:198.51.100.7")).toBe("198.51.100.7");
});

test("IPv6 by its /64, however it is written", () => {
  const net = "2001:db8:1:2::/64";
  for (const a of ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::99", "2001:0DB8:0001:0002::1", "[2001:db8:1:2::1]", "2001:db8:1:2::1%eth0", "2001:db8:1:2::1.2.3.4"]) {
    expect(networkOf(a)).toBe(net);
  }
  expect(networkOf("2001:db8:1:3::1")).not.toBe(net);
  expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
});

test("anything unreadable is kept as written", () => {
  for (const a of ["unknown", "1:2:3:4:5:6:7:8:9", "1::2::3", "::ffff:300.1.1.1", "g::1"]) expect(networkOf(a)).toBe(a);
});
