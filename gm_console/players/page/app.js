// The player view's page. It shows what the server sends and nothing else:
// every string is set with textContent (never innerHTML), and the page holds
// no rules: the console decides what the players may see.
"use strict";

const STALE_AFTER_MS = 40000; // the server pings every 15 s
// The token comes with the link (?token=T); the page sends it on each of its own
// requests (the event stream's query, a header on fetch), never in a cookie: a
// cookie of 127.0.0.1 would go to every service on every port of the host.
const TOKEN = new URLSearchParams(location.search).get("token") || "";
let source = null;
let staleTimer = null;
let lastDoc = null;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function $(id) { return document.getElementById(id); }

function setLive(live, why) {
  document.body.classList.toggle("stale", !live); // with force: no change when already so
  setText($("link"), live ? "live" : (why || "stale: reconnecting…")); // unchanged: no DOM change, nothing re-laid-out
}

function heard() {
  setLive(true);
  clearTimeout(staleTimer);
  staleTimer = setTimeout(() => setLive(false, "stale: no word from the console"), STALE_AFTER_MS);
}

function meterNode(m) {
  const row = el("div", "meter");
  row.appendChild(el("span", "label", m.label));
  const bar = el("span", "bar");
  const fill = el("span", "fill");
  const pct = m.max ? Math.max(0, Math.min(100, (100 * m.value) / m.max)) : 100;
  fill.style.width = pct + "%";
  fill.style.display = "block";
  bar.appendChild(fill);
  row.appendChild(m.max ? bar : el("span"));
  row.appendChild(el("span", "num", m.max ? m.value + "/" + m.max : m.value));
  return row;
}

function tagsNode(tags, bad) {
  const box = el("div", "tags");
  for (const t of tags) box.appendChild(el("span", bad && bad.has(t) ? "tag bad" : "tag", t));
  return box;
}

const BAD = new Set(["Downed", "Armor Broken", "Defeated", "Dying", "Dead", "destroyed", "casualty", "MELTDOWN", "LOCKDOWN"]);

function unitCard(u, zones) {
  const card = el("article", "card " + (u.players ? "players" : "gm") + (u.active ? " active" : ""));
  const head = el("div", "head");
  head.appendChild(el("span", "name", u.name));
  if (u.band) head.appendChild(el("span", "band " + u.band, u.band));
  card.appendChild(head);
  if (u.zone && zones[u.zone]) card.appendChild(el("div", "where", zones[u.zone]));
  for (const m of u.meters) card.appendChild(meterNode(m));
  const tags = u.tags.concat(u.conditions.map((c) => c.label));
  if (tags.length) card.appendChild(tagsNode(tags, BAD));
  return card;
}

// Keyed updates: each list (sides, cards, zones, boards, log lines, turn
// order, pools) keeps one node per item, keyed, with the JSON of what it was
// built from. A new document rebuilds only the items whose data changed and
// moves or removes the rest, so the browser re-lays-out and repaints only
// what changed (an action touches a card or two and the log), not the page.
function sync(list, items, keyOf, build) {
  const old = list.gmKeyed || new Map();
  const next = new Map();
  const seen = new Map();
  let at = list.firstChild;
  for (const item of items) {
    const sig = JSON.stringify(item);
    let key = keyOf(item);
    const count = (seen.get(key) || 0) + 1; // the same key twice (two equal log lines): the second is its own item
    seen.set(key, count);
    if (count > 1) key += "\u0000" + count;
    let entry = old.get(key);
    if (!entry || entry.sig !== sig) entry = { sig, node: build(item) };
    next.set(key, entry);
    if (entry.node === at) at = at.nextSibling;
    else list.insertBefore(entry.node, at);
  }
  while (at) { const gone = at; at = at.nextSibling; list.removeChild(gone); }
  list.gmKeyed = next;
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function setHidden(node, hidden) {
  if (node.hidden !== hidden) node.hidden = hidden;
}

function render(doc) {
  lastDoc = doc;
  const title = doc.title + " · player view";
  if (document.title !== title) document.title = title;
  setText($("title"), doc.title);
  setText($("clock"), "Round " + doc.round + (doc.phase ? " · " + doc.phase : ""));
  setText($("now"), doc.active ? doc.active.name : "–");
  sync($("next"), doc.next, (t) => t.id, (t) => el("li", null, t.name));
  setHidden($("next").previousElementSibling, !doc.next.length);
  setText($("status"), doc.status.join(" · "));
  sync($("pools"), doc.pools, (p) => p.name, (p) => el("li", null, p.name.charAt(0).toUpperCase() + p.name.slice(1) + " " + p.value));

  const zones = {};
  if (doc.map) for (const z of doc.map.zones) zones[z.id] = z.name;
  const names = {};
  const ctrl = {};
  for (const u of doc.units) { names[u.id] = u.name; ctrl[u.id] = u.players ? "players" : "gm"; }

  // a card shows its zone's name: the zone's name is part of what it is built from
  const sides = doc.sides
    .map((s) => ({ side: s, units: doc.units.filter((u) => u.side === s.id) }))
    .filter((g) => g.units.length);
  sync($("units"), sides.map((g) => g.side), (s) => s.id, (s) => {
    const box = el("div", "side " + (s.controller === "players" ? "players" : "gm"));
    box.appendChild(el("h3", null, s.name));
    box.appendChild(el("div", "cards"));
    return box;
  });
  sides.forEach((g, i) => {
    const cards = $("units").children[i].lastChild;
    sync(cards, g.units.map((u) => ({ u, where: (u.zone && zones[u.zone]) || null })), (c) => c.u.id, (c) => unitCard(c.u, zones));
  });

  setHidden($("map-area"), !doc.map);
  if (doc.map) {
    const exits = {};
    for (const l of doc.map.links) {
      (exits[l.a] = exits[l.a] || []).push([l.b, l.locked]);
      (exits[l.b] = exits[l.b] || []).push([l.a, l.locked]);
    }
    const shown = doc.map.zones.map((z) => ({
      z,
      who: z.units.map((id) => [ctrl[id], names[id] || id]),
      ways: (exits[z.id] || []).map(([o, locked]) => zones[o] + (locked ? " (locked)" : "")),
    }));
    sync($("map"), shown, (s) => s.z.id, ({ z, who, ways }) => {
      const box = el("div", "zone");
      box.appendChild(el("div", "name", z.name));
      if (z.traits.length) box.appendChild(el("div", "traits", z.traits.join(", ")));
      const line = el("div", "who");
      who.forEach(([cls, name], i) => {
        if (i) line.appendChild(document.createTextNode(", "));
        line.appendChild(el("span", cls, name));
      });
      if (who.length) box.appendChild(line);
      if (ways.length) box.appendChild(el("div", "exits", "↔ " + ways.join(" · ")));
      return box;
    });
  }

  setHidden($("panels-area"), !doc.panels.length);
  sync($("panels"), doc.panels, (p) => p.title, (p) => {
    const box = el("div", "panel");
    box.appendChild(el("h2", null, p.title));
    const cards = el("div", "cards");
    for (const c of p.cards) {
      const card = el("article", "card");
      const head = el("div", "head");
      head.appendChild(el("span", "name", c.title));
      if (c.band) head.appendChild(el("span", "band " + c.band, c.band));
      card.appendChild(head);
      for (const line of c.lines) card.appendChild(el("div", "lines", line));
      for (const m of c.meters) card.appendChild(meterNode(m));
      if (c.tags.length) card.appendChild(tagsNode(c.tags, BAD));
      cards.appendChild(card);
    }
    box.appendChild(cards);
    return box;
  });

  // newest first; a line is keyed by what it says, so the lines already shown stay as they are
  sync($("log"), doc.log.slice().reverse(), (line) => line.kind + "\u0000" + line.text, (line) => el("li", line.kind, line.text));
}

function connect() {
  if (source) source.close();
  source = new EventSource("events?token=" + encodeURIComponent(TOKEN));
  source.onmessage = (event) => {
    heard();
    try { render(JSON.parse(event.data)); } catch (err) { setLive(false, "stale: a message did not read"); }
  };
  source.addEventListener("ping", heard);
  source.onerror = () => {
    setLive(false);
    if (source.readyState === EventSource.CLOSED) {
      // the browser gave up (the console restarted, a proxy answered): ask again ourselves
      fetch("state.json", { cache: "no-store", credentials: "omit", headers: { "X-Player-Token": TOKEN } })
        .then((r) => { if (r.status === 403) setLive(false, "stale: the link changed, ask the GM for the new one"); })
        .catch(() => {});
      setTimeout(connect, 2000);
    }
  };
}

document.addEventListener("DOMContentLoaded", connect);
