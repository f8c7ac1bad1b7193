/* Tien Gow side screen renderer: draws a table view (GET /api/tables/{t}, WebSocket "view")
   as the table seen from above.  Shared by the side screen and the HTML replay viewer.
   Tiles are drawn as Chinese dominoes (shared/tiles.md): long and narrow (2.5 : 1), no
   divider, black with white pips, the 1s and 4s red, each six of the 6-6 half red; a 2 is
   two pips side by side across the far end of its half, a 3 a diagonal.
   TILE_NAMES is injected by the server: {"6-6": ["Heaven", "天牌"], ...}. */
"use strict";

const TG = (() => {
  const RED = "#e0262b", WHITE = "#f6f2e6";
  const H = 125; // half height in the 100 x 250 tile box

  function pipLayout(n, top) {
    // positions in a half box 100 x 125; "far end" = top edge for the top half
    const far = top ? 34 : 91;
    switch (n) {
      case 1: return [[50, 62.5, 17]];
      case 2: return [[29, far, 11.5], [71, far, 11.5]];
      case 3: return [[26, 24, 11.5], [50, 62.5, 11.5], [74, 101, 11.5]];
      case 4: return [[29, 33, 11.5], [71, 33, 11.5], [29, 92, 11.5], [71, 92, 11.5]];
      case 5: return [[27, 26, 11], [73, 26, 11], [50, 62.5, 11], [27, 99, 11], [73, 99, 11]];
      case 6: return [[29, 24, 11], [71, 24, 11], [29, 62.5, 11], [71, 62.5, 11], [29, 101, 11], [71, 101, 11]];
    }
    return [];
  }

  function pipColour(n, tile, i) {
    if (n === 1 || n === 4) return RED;
    if (tile === "6-6" && n === 6) return i % 2 === 0 ? RED : WHITE; // three red, three white per six
    return WHITE;
  }

  function tileSVG(name, opts) {
    opts = opts || {};
    const m = /^([1-6])-([1-6])$/.exec(name || "");
    const cls = "tile" + (opts.cls ? " " + opts.cls : "");
    if (!m) return cardSVG(name, cls);
    const hi = +m[1], lo = +m[2];
    let s = `<svg class="${cls}" viewBox="0 0 100 250" role="img" aria-label="${name}" data-tile="${name}">`;
    s += `<defs><linearGradient id="tg-face" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#2b2b2b"/>` +
         `<stop offset="1" stop-color="#050505"/></linearGradient></defs>`;
    s += `<rect x="2" y="2" width="96" height="246" rx="12" fill="url(#tg-face)" stroke="#8a8a8a" stroke-width="3"/>`;
    [[hi, true], [lo, false]].forEach(([n, top]) => {
      const oy = top ? 2 : H - 2;
      pipLayout(n, top).forEach(([x, y, r], i) => {
        // pull each half's pips towards its own centre: the halves read apart, with no divider
        const cy = 62.5 + (y - 62.5) * 0.86 + oy;
        s += `<circle cx="${x}" cy="${cy.toFixed(1)}" r="${r}" fill="${pipColour(n, name, i)}"/>`;
      });
    });
    return s + "</svg>";
  }

  function backSVG(opts) {
    opts = opts || {};
    const cls = "tile back" + (opts.cls ? " " + opts.cls : "");
    return `<svg class="${cls}" viewBox="0 0 100 250" role="img" aria-label="face down" data-tile="down">` +
      `<rect x="2" y="2" width="96" height="246" rx="12" fill="#7a4a22" stroke="#c9a06a" stroke-width="3"/>` +
      `<rect x="14" y="14" width="72" height="222" rx="7" fill="none" stroke="#a8743f" stroke-width="4"/>` +
      `<path d="M14 60 L86 24 M14 110 L86 74 M14 160 L86 124 M14 210 L86 174 M14 236 L86 224" ` +
      `stroke="#8d5a2c" stroke-width="6"/></svg>`;
  }

  function cardSVG(name, cls) { // Decktet cards (decktet profiles): the name, a word a line
    const words = String(name || "?").split(" ");
    const y0 = 125 - (words.length - 1) * 11;
    const lines = words.map((w, i) => `<text x="50" y="${y0 + i * 22}" text-anchor="middle" font-size="${w.length > 7 ? 15 : 19}" ` +
      `font-weight="700" fill="#111">${esc(w)}</text>`).join("");
    return `<svg class="${cls} card" viewBox="0 0 100 250" role="img" aria-label="${esc(name)}" data-tile="${esc(name)}">` +
      `<rect x="2" y="2" width="96" height="246" rx="10" fill="#f6f2e6" stroke="#8a8a8a" stroke-width="3"/>` +
      `<rect x="10" y="10" width="80" height="230" rx="6" fill="none" stroke="#b08d57" stroke-width="2"/>${lines}</svg>`;
  }

  function esc(s) {
    return String(s == null ? "" : s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  }

  function names(t) {
    const n = (typeof TILE_NAMES !== "undefined" && TILE_NAMES[t]) || null;
    return n ? n : [t, ""];
  }

  function playHTML(p, big) {
    let tiles = "";
    let label = "";
    if (p.face === "up" && p.tiles) {
      tiles = p.tiles.map(t => tileSVG(t)).join("");
      label = p.tiles.map(t => { const [en, zh] = names(t); return `<span class="en">${esc(en)}</span> <span class="zh">${esc(zh)}</span>`; }).join("<br>");
    } else {
      const n = p.count || 1;
      for (let i = 0; i < n; i++) {
        // a sealed play shown to its own seat or the operator: the tile, marked as face down
        tiles += p.tiles && p.tiles[i] ? `<span class="sealed">${tileSVG(p.tiles[i], {cls: "down"})}</span>` : backSVG();
      }
      label = `<span class="en">face down</span> <span class="zh">蓋牌</span>` +
        (p.tiles ? `<br><span class="own">sealed: ${esc(p.tiles.join(" "))}</span>` : "");
    }
    return `<div class="play${big ? " big" : ""}" data-seat="${p.seat}"><div class="tiles">${tiles}</div>` +
      `<div class="tname">${label}</div></div>`;
  }

  // screen positions: seat 0 at the bottom, play goes counter-clockwise (bottom, right, top, left)
  const POS4 = ["s", "e", "n", "w"], POS3 = ["s", "e", "w"];

  function render(root, tv, opts) {
    opts = opts || {};
    const g = tv && tv.game;
    const el = (sel) => root.querySelector(sel);
    el(".tablename").textContent = tv ? tv.table : "";
    if (!g) {
      el(".status-line").textContent = "Waiting for a game to start";
      el(".board").innerHTML = `<div class="waiting">天九 Tien Gow<br><small>No game on this table yet</small></div>`;
      el(".ledger").innerHTML = ""; el(".payments").innerHTML = ""; el(".rules").innerHTML = "";
      renderAlerts(el(".alerts"), tv ? tv.alerts : []);
      return;
    }
    const h = g.hand;
    const n = g.players.length;
    const pos = n === 3 ? POS3 : POS4;
    let status = "";
    if (g.status === "over") status = "Game over";
    else if (h) status = `Hand ${h.number} · Trick ${Math.min(h.trick + 1, 8)}` + (h.over ? " · hand over" : "");
    el(".status-line").textContent = status;
    el(".rules").innerHTML = `<span class="k">Rules</span> <b>${esc(g.rules)}</b>` +
      (tv.rules_doc ? `<div class="doc">${esc(tv.rules_doc)}</div>` : "");

    // seats
    let seats = "";
    for (let s = 0; s < n; s++) {
      const banker = h && h.banker === s;
      const turn = h && h.turn === s && !h.over && g.status !== "over";
      const tw = h ? h.tricks_won[s] : 0;
      let cols = "";
      (h ? h.piles[s] : []).forEach(c => {
        let col = "";
        for (let i = 0; i < c; i++) col += backSVG({cls: "mini"});
        cols += `<div class="pile">${col}</div>`;
      });
      seats += `<div class="seat ${pos[s]}${turn ? " turn" : ""}${banker ? " banker" : ""}" data-seat="${s}">` +
        `<div class="who"><span class="seatno">${s}</span><span class="pname">${esc(g.players[s])}</span>` +
        (banker ? `<span class="bankerbadge">莊 BANKER ×${h.banker_multiplier}</span>` : "") +
        (turn ? `<span class="turnbadge">▶ to play</span>` : "") + `</div>` +
        `<div class="won"><span class="count">${tw}</span><span class="k">trick${tw === 1 ? "" : "s"}</span>` +
        `<div class="piles">${cols}</div></div></div>`;
    }

    // the trick in progress (or the last one, dimmed)
    let centre = "";
    if (h) {
      let plays = h.current, caption = "", dim = false;
      if (!plays.length && h.completed.length) {
        const last = h.completed[h.completed.length - 1];
        plays = last.plays; dim = true;
        caption = `Trick ${last.trick + 1} won by ${esc(g.players[last.winner])} (+${last.credited})`;
      }
      centre = plays.map(p => `<div class="slot ${pos[p.seat]}${h.best_seat === p.seat && !dim ? " best" : ""}">` +
        playHTML(p, true) + `</div>`).join("");
      if (h.over && g.last_hand) {
        const lh = g.last_hand;
        const pays = (lh.payments || []).map((p, i) => `${esc(g.players[i])} ${p > 0 ? "+" : ""}${p}`).join(" · ");
        caption = lh.type === "hand_voided" ? "Hand voided" :
          `Hand ${lh.hand} won by ${esc(g.players[lh.winner])}<br><small>${pays}</small>`;
      }
      if (!plays.length && !h.completed.length && !h.over && g.status !== "over") {
        caption = `Hand ${h.number} · ${esc(g.players[h.banker])} leads`;
        const lh = g.last_hand;
        if (lh && lh.type === "hand_ended") {
          caption += `<br><small>last hand won by ${esc(g.players[lh.winner])}</small>`;
        }
      }
      if (caption) centre += `<div class="caption">${caption}</div>`;
      centre = `<div class="trick${dim ? " dim" : ""}">${centre}</div>`;
    }
    el(".board").innerHTML = `<div class="felt">${centre}${seats}</div>`;

    // ledger
    const order = [...Array(n).keys()];
    el(".ledger").innerHTML = `<h2>Chips <span class="zh">籌碼</span></h2><table>` + order.map(s =>
      `<tr class="${h && h.banker === s ? "bk" : ""}"><td class="nm">${esc(g.players[s])}</td>` +
      `<td class="sc ${g.scores[s] < 0 ? "neg" : ""}">${g.scores[s] > 0 ? "+" : ""}${g.scores[s]}</td></tr>`).join("") + `</table>`;

    // payments
    const pays = (g.last_payments || []).slice(-3).reverse();
    const lh = g.last_hand;
    if (lh && lh.type === "hand_ended" && !pays.some(p => p.kind === "settlement")) {
      // the hand just settled (the next one has begun): keep its settlement on screen
      pays.push({kind: "settlement", payments: lh.payments,
                 text: `Hand ${lh.hand} won by ${g.players[lh.winner]}` + (lh.reasons && lh.reasons.length ? ": " + lh.reasons.join("; ") : "")});
    }
    const amounts = (p) => p.payments.map((v, i) => v ? `${esc(g.players[i])} ${v > 0 ? "+" : ""}${v}` : "").filter(Boolean).join(" · ");
    el(".payments").innerHTML = `<h2>Payments <span class="zh">付款</span></h2>` + (pays.length ? pays.slice(0, 3).map(p =>
      `<div class="pay"><div class="why">${esc(p.text || (p.kind === "settlement" ? "Hand settled" : p.kind))}</div><div class="amt">${amounts(p)}</div></div>`
    ).join("") : `<div class="none">none yet this hand</div>`);

    let alerts = (tv.alerts || []).slice();
    (tv.reveals || []).slice(-2).forEach(r => alerts.push({kind: "dispute", title: "Discard revealed",
      message: `Seat ${r.seat}, hand ${r.hand}, trick ${r.trick + 1}: ` +
        (r.tiles ? r.tiles.map(t => names(t).join(" ")).join(", ") : "shown to the operator") + ` (${r.why}; by ${r.by})`}));
    renderAlerts(el(".alerts"), alerts);
  }

  function renderAlerts(box, alerts) {
    box.innerHTML = (alerts || []).map(a => `<div class="alert ${esc(a.kind)}"><b>${esc(a.title || a.kind)}</b> ${esc(a.message)}</div>`).join("");
  }

  return {render, tileSVG, backSVG, playHTML, esc, names};
})();
