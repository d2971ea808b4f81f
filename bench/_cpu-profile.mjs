// A CPU profile of the Worker through wrangler dev's inspector (Chrome DevTools Protocol, `Profiler` domain):
// `profileRequests` renders a URL `count` times while V8 samples, and answers the functions that took the most
// self time (the rendering's hot spots), aggregated by function and file. Used by page-cpu.mjs --profile.
// (`ws`, not Node's WebSocket: wrangler's inspector proxy refuses the handshake of Node's built-in client.)
import WebSocket from "ws";

/** Sends CDP commands over the inspector's WebSocket and waits for each answer. */
async function connect(inspectorPort) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error("no inspector target");
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let nextId = 0;
  const waiting = new Map();
  ws.on("message", (data) => {
    const msg = JSON.parse(String(data));
    const w = waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id);
    if (msg.error) w.reject(new Error(msg.error.message));
    else w.resolve(msg.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/** Self time per function (ms) from a V8 CPU profile: samples × interval, by "name (file:line)". */
function selfTimes(profile) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const sampleMs = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const totals = new Map();
  for (const [id, n] of counts) {
    const f = byNode.get(id)?.callFrame;
    if (!f) continue;
    const file = f.url ? f.url.split("/").slice(-2).join("/") : "";
    const key = `${f.functionName || "(anonymous)"}${file ? ` (${file}:${f.lineNumber + 1})` : ""}`;
    totals.set(key, (totals.get(key) ?? 0) + n * sampleMs);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

export async function profileRequests(inspectorPort, url, count, headers = {}) {
  const cdp = await connect(inspectorPort);
  try {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    for (let i = 0; i < count; i++) await (await fetch(url, { headers })).text();
    const { profile } = await cdp.send("Profiler.stop");
    // "(idle)" is the isolate waiting (for D1, say): not CPU.
    return selfTimes(profile)
      .filter(([fn]) => fn !== "(idle)")
      .map(([fn, ms]) => ({ fn, msPerRequest: ms / count }));
  } finally {
    cdp.close();
  }
}
