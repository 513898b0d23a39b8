// The player view's page. It shows what the server sends and nothing else:
// every string is set with textContent (never innerHTML), and the page holds
// no rules: the console decides what the players may see.
"use strict";

const STALE_AFTER_MS = 40000; // the server pings every 15 s
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
  document.body.classList.toggle("stale", !live);
  $("link").textContent = live ? "live" : (why || "stale: reconnecting…");
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

function render(doc) {
  lastDoc = doc;
  document.title = doc.title + " · player view";
  $("title").textContent = doc.title;
  $("clock").textContent = "Round " + doc.round + (doc.phase ? " · " + doc.phase : "");
  $("now").textContent = doc.active ? doc.active.name : "–";
  $("next").replaceChildren(...doc.next.map((t) => el("li", null, t.name)));
  $("next").previousElementSibling.hidden = !doc.next.length;
  $("status").textContent = doc.status.join(" · ");
  $("pools").replaceChildren(...doc.pools.map((p) => el("li", null, p.name.charAt(0).toUpperCase() + p.name.slice(1) + " " + p.value)));

  const zones = {};
  if (doc.map) for (const z of doc.map.zones) zones[z.id] = z.name;
  const names = {};
  const ctrl = {};
  for (const u of doc.units) { names[u.id] = u.name; ctrl[u.id] = u.players ? "players" : "gm"; }

  const groups = [];
  for (const s of doc.sides) {
    const mine = doc.units.filter((u) => u.side === s.id);
    if (!mine.length) continue;
    const box = el("div", "side " + (s.controller === "players" ? "players" : "gm"));
    box.appendChild(el("h3", null, s.name));
    const cards = el("div", "cards");
    for (const u of mine) cards.appendChild(unitCard(u, zones));
    box.appendChild(cards);
    groups.push(box);
  }
  $("units").replaceChildren(...groups);

  $("map-area").hidden = !doc.map;
  if (doc.map) {
    const exits = {};
    for (const l of doc.map.links) {
      (exits[l.a] = exits[l.a] || []).push([l.b, l.locked]);
      (exits[l.b] = exits[l.b] || []).push([l.a, l.locked]);
    }
    $("map").replaceChildren(...doc.map.zones.map((z) => {
      const box = el("div", "zone");
      box.appendChild(el("div", "name", z.name));
      if (z.traits.length) box.appendChild(el("div", "traits", z.traits.join(", ")));
      const who = el("div", "who");
      z.units.forEach((id, i) => {
        if (i) who.appendChild(document.createTextNode(", "));
        who.appendChild(el("span", ctrl[id], names[id] || id));
      });
      if (z.units.length) box.appendChild(who);
      const ways = (exits[z.id] || []).map(([o, locked]) => zones[o] + (locked ? " (locked)" : ""));
      if (ways.length) box.appendChild(el("div", "exits", "↔ " + ways.join(" · ")));
      return box;
    }));
  }

  $("panels-area").hidden = !doc.panels.length;
  $("panels").replaceChildren(...doc.panels.map((p) => {
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
  }));

  $("log").replaceChildren(...doc.log.slice().reverse().map((line) => el("li", line.kind, line.text)));
}

function connect() {
  if (source) source.close();
  source = new EventSource("events");
  source.onmessage = (event) => {
    heard();
    try { render(JSON.parse(event.data)); } catch (err) { setLive(false, "stale: a message did not read"); }
  };
  source.addEventListener("ping", heard);
  source.onerror = () => {
    setLive(false);
    if (source.readyState === EventSource.CLOSED) {
      // the browser gave up (the console restarted, a proxy answered): ask again ourselves
      fetch("state.json", { cache: "no-store", credentials: "same-origin" })
        .then((r) => { if (r.status === 403) setLive(false, "stale: the link changed, ask the GM for the new one"); })
        .catch(() => {});
      setTimeout(connect, 2000);
    }
  };
}

document.addEventListener("DOMContentLoaded", connect);
