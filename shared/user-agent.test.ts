import { describe, expect, it } from "vitest";
import { describeUserAgent } from "./user-agent";

const UA = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edgeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  firefoxMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  safariIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  chromeIpad: "Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  samsungAndroid: "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  operaWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
  chromeOs: "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  headless: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36",
};

describe("[user-agent] browser and system from a User-Agent", () => {
  it("names the common desktop browsers on their systems", () => {
    expect(describeUserAgent(UA.chromeWindows)).toEqual({ browser: "Chrome", os: "Windows" });
    expect(describeUserAgent(UA.edgeWindows)).toEqual({ browser: "Edge", os: "Windows" });
    expect(describeUserAgent(UA.operaWindows)).toEqual({ browser: "Opera", os: "Windows" });
    expect(describeUserAgent(UA.firefoxLinux)).toEqual({ browser: "Firefox", os: "Linux" });
    expect(describeUserAgent(UA.firefoxMac)).toEqual({ browser: "Firefox", os: "macOS" });
    expect(describeUserAgent(UA.safariMac)).toEqual({ browser: "Safari", os: "macOS" });
    expect(describeUserAgent(UA.chromeOs)).toEqual({ browser: "Chrome", os: "ChromeOS" });
  });

  it("names phones and tablets by their own system, not the desktop one their header also mentions", () => {
    expect(describeUserAgent(UA.safariIphone)).toEqual({ browser: "Safari", os: "iOS" });
    expect(describeUserAgent(UA.chromeIpad)).toEqual({ browser: "Chrome", os: "iOS" });
    expect(describeUserAgent(UA.chromeAndroid)).toEqual({ browser: "Chrome", os: "Android" });
    expect(describeUserAgent(UA.samsungAndroid)).toEqual({ browser: "Samsung Internet", os: "Android" });
  });

  it("tells a headless browser apart from Chrome", () => {
    expect(describeUserAgent(UA.headless)).toEqual({ browser: "Chromium", os: "Linux" });
  });

  it("answers null for what it does not recognise, and for no header", () => {
    expect(describeUserAgent("curl/8.5.0")).toEqual({ browser: null, os: null });
    expect(describeUserAgent("node")).toEqual({ browser: null, os: null });
    expect(describeUserAgent("")).toEqual({ browser: null, os: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
    expect(describeUserAgent(undefined)).toEqual({ browser: null, os: null });
  });
});
