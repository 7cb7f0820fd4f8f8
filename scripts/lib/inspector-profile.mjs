// A CPU profile of a `wrangler dev` Worker while `work` runs, over the DevTools protocol of its
// workerd inspector, with the Worker's script source so that scripts/lib/cpu-profile.mjs can name
// each line's module (start the server with `--minify=false`).

/** One DevTools session over a WebSocket (Node's global WebSocket). */
async function session(url) {
  const socket = new WebSocket(url);
  await new Promise((ready, fail) => {
    socket.addEventListener("open", ready, { once: true });
    socket.addEventListener("error", fail, { once: true });
  });
  let next = 0;
  const pending = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.fail(new Error(`${message.error.message} (${waiting.method})`));
    else waiting.done(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((done, fail) => {
      const id = ++next;
      pending.set(id, { done, fail, method });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/**
 * Profiles the isolate behind the DevTools address `url` (dev-server.mjs `workerInspector`) while
 * `work()` runs. Returns the profile and the source of the script most samples fall in.
 */
export async function profileWhile(url, work) {
  const devtools = await session(url);
  try {
    await devtools.send("Debugger.enable");
    await devtools.send("Profiler.enable");
    await devtools.send("Profiler.setSamplingInterval", { interval: 100 });
    await devtools.send("Profiler.start");
    await work();
    const { profile } = await devtools.send("Profiler.stop");
    // The script whose lines hold the most samples: the Worker's bundle.
    const counts = new Map();
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const id of profile.samples) {
      const scriptId = byId.get(id).callFrame.scriptId;
      if (scriptId && scriptId !== "0") counts.set(scriptId, (counts.get(scriptId) ?? 0) + 1);
    }
    const [scriptId] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
    const source = scriptId ? (await devtools.send("Debugger.getScriptSource", { scriptId })).scriptSource : "";
    return { profile, source };
  } finally {
    devtools.close();
  }
}
