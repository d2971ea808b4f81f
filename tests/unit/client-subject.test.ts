import { describe, expect, it } from "vitest";
import { clientSubject } from "../../worker/platform/request";

describe("clientSubject", () => {
  it("keeps IPv4 addresses and keys IPv6 by /64", () => {
    expect(clientSubject("203.0.113.9")).toBe("203.0.113.9");
    expect(clientSubject(null)).toBe("unknown");
    expect(clientSubject("2001:DB8:0:1:2:3:4:5")).toBe("2001:db8:0:1::/64");
    expect(clientSubject("2001:db8:0:1::5")).toBe("2001:db8:0:1::/64");
    expect(clientSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientSubject("::1")).toBe("0:0:0:0::/64");
    expect(clientSubject("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
  });

  it("counts IPv4-mapped IPv6 as the IPv4 address", () => {
    expect(clientSubject("::ffff:198.51.100.7")).toBe("198.51.100.7");
  });
});
