// The director's assistant: enter what happened at a physical table, get the ruling at once.
// Every action goes to /api/incidents/{id}/actions in the scenario vocabulary; the server
// rules on a board whose hands are unknown and answers with the ruling to read aloud.
"use strict";
(function () {
  const EN = {
    title: "Director's assistant", new: "New incident", table: "Table", round: "Round", board: "Board",
    preset: "Regulations", open: "Open", incidents: "Incidents", search: "Search", auction: "Auction",
    pass: "Pass", change: "change of call", cards: "Cards", m_play: "Played", m_fd: "Lead face down",
    m_drop: "Exposed (dropped)", m_show: "Shown", face: "Face the opening lead", more: "Revoke, claim, director",
    trick: "Trick", revoke: "Revoke by this player", claimn: "Tricks", statement: "Statement", claim: "Claim",
    agree: "Agrees", dispute: "Disputes", director: "Director called", note: "Director's notes",
    savenote: "Save note", undo: "Undo", back: "To the list", print: "Print", json: "JSON",
    yes: "Yes", no: "No", ok: "OK", chooses: "chooses", asks: "The director decides", nothing: "No irregularity so far.",
    board_l: "Board", dealer: "dealer", vul: "vul.", phase: "phase", contract: "contract", turn: "turn",
  };
  const RU = {};
  document.querySelectorAll("[data-t]").forEach((el) => { RU[el.dataset.t] = el.textContent; });
  document.querySelectorAll("[data-tp]").forEach((el) => { RU[el.dataset.tp] = el.placeholder; });
  Object.assign(RU, {
    yes: "Да", no: "Нет", ok: "OK", chooses: "выбирает", asks: "Решает судья", nothing: "Нарушений пока нет.",
    board_l: "Сдача", dealer: "сдающий", vul: "зона", phase: "фаза", contract: "контракт", turn: "очередь",
    auction_p: "торговля", lead_p: "первый ход", play_p: "розыгрыш", ended_p: "сдача сыграна", passed_out: "все пас",
  });
  Object.assign(EN, { auction_p: "auction", lead_p: "opening lead", play_p: "play", ended_p: "ended", passed_out: "passed out" });
  const SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];
  const STRAINS = [["C", "♣"], ["D", "♦"], ["H", "♥"], ["S", "♠"], ["N", "NT"]];
  const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
  const $ = (id) => document.getElementById(id);
  let lang = "ru";
  let current = null; // {incident, state, ruling}
  let seat = "N";
  let level = null;
  let suit = null;
  let mode = "play";
  const t = (k) => (lang === "ru" ? RU : EN)[k] || k;

  function relabel() {
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
    document.querySelectorAll("[data-tp]").forEach((el) => { el.placeholder = t(el.dataset.tp); });
    $("lang").textContent = lang === "ru" ? "EN" : "RU";
    if (current) render(current);
  }

  async function api(path, body) {
    const res = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await res.json();
    if (!res.ok) throw new Error(data.detail || res.statusText);
    return data;
  }

  function button(label, onclick, cls) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (cls) b.className = cls;
    b.addEventListener("click", onclick);
    return b;
  }

  function build() {
    for (let n = 1; n <= 8; n++) {
      $("levels").appendChild(button(n === 8 ? "8+" : String(n), () => { level = n; mark("levels", n === 8 ? "8+" : String(n)); }, "level"));
    }
    STRAINS.forEach(([s, sym]) => {
      const b = button(sym, () => { if (level) send({ seat, call: `${level}${s}`, ...(changeFlag()) }); level = null; mark("levels", null); });
      b.dataset.strain = s;
      if (s === "H" || s === "D") b.classList.add("red");
      $("strains").appendChild(b);
    });
    document.querySelectorAll("button.call").forEach((b) => b.addEventListener("click", () => send({ seat, call: b.dataset.call, ...(changeFlag()) })));
    SUITS.forEach(([s, sym]) => {
      const b = button(sym, () => { suit = s; mark("suits", sym); });
      b.dataset.suit = s;
      if (s === "H" || s === "D") b.classList.add("red");
      $("suits").appendChild(b);
    });
    RANKS.forEach((r) => {
      const b = button(r === "T" ? "10" : r, () => { if (suit) card(`${suit}${r}`); });
      b.dataset.rank = r;
      $("ranks").appendChild(b);
    });
    document.querySelectorAll("#modes button").forEach((b) => b.addEventListener("click", () => {
      mode = b.dataset.mode;
      document.querySelectorAll("#modes button").forEach((x) => x.classList.toggle("on", x === b));
    }));
    document.querySelectorAll("#seats button").forEach((b) => b.addEventListener("click", () => setSeat(b.dataset.seat)));
    $("face-lead").addEventListener("click", () => {
      const fd = current && current.state.face_down_lead;
      send({ seat: fd ? fd.seat : seat, face_lead: true });
    });
    $("revoke").addEventListener("click", () => send({ seat: opponentOfSeat(), point_out: "revoke", offender: seat, trick: Number($("f-trick").value) }));
    $("claim").addEventListener("click", () => send({ seat, claim: Number($("f-claim").value), statement: $("f-statement").value }));
    $("agree").addEventListener("click", () => send({ seat, claim_response: "agree" }));
    $("dispute").addEventListener("click", () => send({ seat, claim_response: "dispute" }));
    $("call-director").addEventListener("click", () => send({ seat, director: true }));
    $("undo").addEventListener("click", async () => render(await api(`/api/incidents/${current.incident.id}/undo`, {})));
    $("save-note").addEventListener("click", async () => render(await api(`/api/incidents/${current.incident.id}/note`, { note: $("note").value })));
    $("back").addEventListener("click", () => { current = null; location.hash = ""; show(false); refreshList(); });
    $("print").addEventListener("click", () => window.print());
    $("lang").addEventListener("click", () => { lang = lang === "ru" ? "en" : "ru"; relabel(); });
    $("start-btn").addEventListener("click", async () => {
      const data = await api("/api/incidents", {
        table: $("f-table").value, round: $("f-round").value, board: Number($("f-board").value || 1), preset: $("f-preset").value,
      });
      lang = data.incident.lang;
      relabel();
      open(data);
    });
    $("search").addEventListener("input", refreshList);
  }

  function changeFlag() { return $("change").checked ? { change: true } : {}; }
  function opponentOfSeat() { return { N: "E", E: "S", S: "W", W: "N" }[seat]; }

  function mark(row, label) {
    document.querySelectorAll(`#${row} button`).forEach((b) => b.classList.toggle("on", b.textContent === label));
  }

  function setSeat(s) {
    seat = s;
    document.querySelectorAll("#seats button").forEach((b) => b.classList.toggle("on", b.dataset.seat === s));
  }

  function card(c) {
    const st = current.state;
    if (mode === "dropped" || mode === "shown") return send({ seat, expose: [c], how: mode });
    const a = { seat, play: c };
    const contract = st.contract && typeof st.contract === "object" ? st.contract : null;
    if (contract && st.phase === "play") {
      const dummy = { N: "S", S: "N", E: "W", W: "E" }[contract.declarer];
      if (seat === dummy) a.by = contract.declarer;
    }
    if (mode === "face_down") a.face_down = true;
    suit = null;
    mark("suits", null);
    return send(a);
  }

  async function send(action) {
    if (!current) return;
    const data = await api(`/api/incidents/${current.incident.id}/actions`, { action });
    $("change").checked = false;
    render(data);
  }

  function decide(key, value) { send({ seat: "director", decide: { [key]: value } }); }

  function show(incident) {
    $("start").hidden = incident;
    $("incident").hidden = !incident;
  }

  function open(data) {
    location.hash = data.incident.id;
    show(true);
    render(data);
  }

  function sym(text) {
    return String(text).replace(/^(\d)N$/, "$1NT");
  }

  function render(data) {
    current = data;
    const st = data.state;
    const inc = data.incident;
    const r = data.ruling;
    const c = st.contract && typeof st.contract === "object" ? `${c_(st.contract)}` : (st.contract ? t(st.contract) : "—");
    $("info").textContent = `${t("board_l")} ${st.board} · ${t("dealer")} ${st.dealer} · ${t("vul")} ${st.vulnerable} · ${st.edition} · ${t("phase")} ${t(st.phase + "_p")} · ${t("contract")} ${c} · ${t("turn")} ${st.turn || "—"}` + (inc.table ? ` · ${t("table")} ${inc.table}` : "") + (inc.round ? ` · ${t("round")} ${inc.round}` : "");
    $("aloud").textContent = (lang === "ru" ? r.aloud.ru : r.aloud.en) || t("nothing");
    $("laws").textContent = r.laws.length ? r.laws.join(" · ") : "";
    const now = $("now");
    now.replaceChildren();
    if (r.now) {
      const who = document.createElement("p");
      who.className = "who";
      if (r.now.options) {
        who.textContent = `${r.now.by} ${t("chooses")}:`;
        now.appendChild(who);
        r.now.options.forEach((o) => {
          const label = (lang === "ru" ? o.label_ru : o.label) || o.id;
          if (o.param === "suit") {
            SUITS.forEach(([s, g]) => {
              const b = button(`${label} ${g}`, () => send({ seat: o.by, choose: o.id, suit: s }));
              b.dataset.option = `${o.id}:${s}`;
              now.appendChild(b);
            });
          } else {
            const b = button(label, () => send({ seat: o.by === "director" ? "director" : o.by, choose: o.id }));
            b.dataset.option = o.id;
            now.appendChild(b);
          }
        });
      } else {
        who.textContent = `${t("asks")}:`;
        now.appendChild(who);
        r.now.questions.forEach((q) => {
          const p = document.createElement("p");
          p.textContent = lang === "ru" ? q.text_ru : q.text;
          now.appendChild(p);
          if (/tricks|score/.test(q.key)) {
            const inp = document.createElement("input");
            inp.type = "number"; inp.min = "0"; inp.max = "13"; inp.dataset.question = q.key;
            now.appendChild(inp);
            now.appendChild(button(t("ok"), () => decide(q.key, Number(inp.value))));
          } else {
            const y = button(t("yes"), () => decide(q.key, true)); y.dataset.answer = `${q.key}:yes`;
            const n = button(t("no"), () => decide(q.key, false)); n.dataset.answer = `${q.key}:no`;
            now.append(y, n);
          }
        });
      }
    }
    const cons = $("consequences");
    cons.replaceChildren();
    r.penalty_cards.forEach((p) => { const li = document.createElement("li"); li.textContent = `${p.seat}: ${p.card} (${p.kind}, ${p.law})`; cons.appendChild(li); });
    r.restrictions.forEach((x) => { const li = document.createElement("li"); li.textContent = `${x.seat}: ${x.kind}${x.suit ? " " + x.suit : ""} (${x.law})`; cons.appendChild(li); });
    const refusal = data.refused || null;
    $("refusal").hidden = !refusal;
    $("refusal").textContent = refusal ? refusal.message : "";
    $("calls").textContent = st.calls.map((x) => `${x.seat}:${sym(x.call)}${x.status === "cancelled" ? "×" : ""}`).join(" ");
    $("tricks").textContent = st.tricks.map((tr) => Object.entries(tr.cards).map(([s, cd]) => `${s}:${cd}`).join(" ")).join(" | ");
    $("note").value = inc.note || "";
    $("exp-json").href = `/api/incidents/${inc.id}/export.json`;
    $("exp-pbn").href = `/api/incidents/${inc.id}/export.pbn`;
    if (st.turn) setSeat(st.turn); else setSeat(seat);
    document.body.dataset.actions = String(inc.actions.length);
  }

  function c_(k) { return `${k.level}${k.strain === "N" ? "NT" : k.strain}${k.risk} ${k.declarer}`; }

  async function refreshList() {
    const items = await api(`/api/incidents?q=${encodeURIComponent($("search").value)}`);
    const ol = $("list");
    ol.replaceChildren();
    items.forEach((i) => {
      const li = document.createElement("li");
      li.appendChild(button(`${t("table")} ${i.table || "—"} · ${t("round")} ${i.round || "—"} · ${t("board")} ${i.board} · ${i.updated_at.slice(0, 16).replace("T", " ")} — ${i.summary.slice(0, 160)}`,
        async () => { const d = await api(`/api/incidents/${i.id}`); lang = d.incident.lang; relabel(); open(d); }));
      ol.appendChild(li);
    });
  }

  build();
  setSeat("N");
  const id = location.hash.slice(1);
  if (id) api(`/api/incidents/${id}`).then((d) => { lang = d.incident.lang; relabel(); open(d); }).catch(() => refreshList());
  else refreshList();
})();
