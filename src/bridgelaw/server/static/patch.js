// The websocket's patches (``?updates=patch``, bridgelaw.server.patch): after one whole
// state the server sends only what changed, as ops on the state this page was sent last:
// ["=", path, value] sets, ["-", path] deletes a key, ["+", path, items] appends to a list.

/** ``doc`` with ``ops`` applied (in place where it can be); the result is returned. */
export function applyPatch(doc, ops) {
  for (const [kind, path, value] of ops) {
    if (!path.length) { doc = value; continue; }
    let parent = doc;
    for (const key of path.slice(0, -1)) parent = parent[key];
    const last = path[path.length - 1];
    if (kind === "=") parent[last] = value;
    else if (kind === "-") { if (Array.isArray(parent)) parent.splice(last, 1); else delete parent[last]; }
    else if (kind === "+") parent[last].push(...value);
    else throw new Error(`unknown patch op ${kind}`);
  }
  return doc;
}
