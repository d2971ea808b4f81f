import { describe, expect, it } from "vitest";
import {
  hostRefusal,
  isPrivateIpv4,
  parseIpv4,
  parseIpv6,
  targetRefusal,
} from "../../worker/features/ingestion/targets";

describe("source request targets (decision 180)", () => {
  it.each([
    ["http://localhost/feed.ics", /this machine/],
    ["http://LOCALHOST./feed.ics", /this machine/],
    ["https://events.localhost/", /this machine/],
    ["http://127.0.0.1/", /private or loopback/],
    ["http://127.1/", /private or loopback/],
    ["http://0x7f.1/", /private or loopback/],
    ["http://2130706433/", /private or loopback/],
    ["http://0177.0.0.1/", /private or loopback/],
    ["http://127.255.255.254:8787/", /private or loopback/],
    ["http://0.0.0.0/", /private or loopback/],
    ["http://0/", /private or loopback/],
    ["http://10.1.2.3/", /private or loopback/],
    ["http://100.64.0.1/", /private or loopback/],
    ["http://169.254.169.254/latest/meta-data/", /private or loopback/],
    ["http://172.16.0.1/", /private or loopback/],
    ["http://172.31.255.255/", /private or loopback/],
    ["http://192.168.1.1/", /private or loopback/],
    ["http://224.0.0.1/", /private or loopback/],
    ["http://255.255.255.255/", /private or loopback/],
    ["http://[::1]/", /private or loopback/],
    ["http://[0:0:0:0:0:0:0:1]/", /private or loopback/],
    ["http://[::]/", /private or loopback/],
    ["http://[::ffff:127.0.0.1]/", /private or loopback/],
    ["http://[::ffff:7f00:1]/", /private or loopback/],
    ["http://[::ffff:10.0.0.1]/", /private or loopback/],
    ["http://[::127.0.0.1]/", /private or loopback/],
    ["http://[64:ff9b::192.168.0.1]/", /private or loopback/],
    ["http://[2002:c0a8:101::1]/", /private or loopback/],
    ["http://[fc00::1]/", /private or loopback/],
    ["http://[fd12:3456:789a::1]/", /private or loopback/],
    ["http://[fe80::1]/", /private or loopback/],
    ["http://[febf::1]/", /private or loopback/],
    ["http://[ff02::1]/", /private or loopback/],
    ["file:///etc/passwd", /file: URLs are not fetched/],
    ["ftp://example.org/feed.ics", /ftp: URLs are not fetched/],
    ["data:text/calendar,BEGIN:VCALENDAR", /data: URLs are not fetched/],
    ["javascript:alert(1)", /javascript: URLs are not fetched/],
    ["not a url", /not a URL/],
  ])("refuses %s", (url, reason) => {
    expect(targetRefusal(url)).toMatch(reason);
  });

  it.each([
    "https://www.audubon.org/events?page=1",
    "http://openlands.org/events.ics",
    "https://developer.nps.gov/api/v1/events",
    "https://8.8.8.8/",
    "http://172.32.0.1/",
    "http://172.15.255.255/",
    "http://192.169.0.1/",
    "http://169.255.0.1/",
    "http://100.128.0.1/",
    "http://[2606:4700::1111]/",
    "http://[::ffff:8.8.8.8]/",
    "http://[2002:808:808::1]/",
    "https://localhost.example.org/",
    "https://127.example.org/",
  ])("allows %s", (url) => {
    expect(targetRefusal(url)).toBeNull();
  });

  it("reads IPv4 literals as the URL parser leaves them", () => {
    expect(parseIpv4("127.0.0.1")).toBe(0x7f000001);
    expect(parseIpv4("256.0.0.1")).toBeNull();
    expect(parseIpv4("127.1")).toBeNull();
    expect(parseIpv4("example.org")).toBeNull();
    expect(isPrivateIpv4(0x0a000001)).toBe(true);
    expect(isPrivateIpv4(0x08080808)).toBe(false);
  });

  it("reads IPv6 literals, compressed or with an embedded IPv4 address", () => {
    expect(parseIpv6("[::1]")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6("::ffff:127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6("fe80::1:2")).toEqual([0xfe80, 0, 0, 0, 0, 0, 1, 2]);
    expect(parseIpv6("1::2::3")).toBeNull();
    expect(parseIpv6("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(parseIpv6("fe80::1%eth0")).toBeNull();
    expect(parseIpv6("example.org")).toBeNull();
  });

  it("refuses a host it cannot read as an address when it looks like one", () => {
    expect(hostRefusal("[zz::1]")).toMatch(/not a readable address/);
    expect(hostRefusal("")).toMatch(/no host/);
  });
});
