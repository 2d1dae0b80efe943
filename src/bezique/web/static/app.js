// The reference browser client of bezique: plain JavaScript, no build step.
//
// Everything shown comes from the server's answer about a game (see server.py):
//   observation  the library's JSON document of this seat's observation (bz.observe);
//   choices      the legal actions, each with its notation (`action`), kind and label;
//   log          every action of the deal, as {player, action} in the library's notation
//                ({player, action, forced: true} for a lone pass played for the person);
//   log_words    the same log in words of the language (bezique.i18n.describe_move; the
//                seat's own actions addressed to it, to follow "you");
//   result       the deal's result with its breakdown (bz.deal_result) once it is over;
//   result_text  who won the deal (or a whole game's last finished deal) in words,
//                game_result_text the whole game's (bezique.i18n.describe_result);
//   game         for a whole game: the deal number, running totals, finished deals;
//   moves        how many actions the game has had.
// A move is sent as its notation with the number of moves seen: POST /api/games/<id>/actions
// {"action": "play QS", "after": <moves>}, with the seat's token (Authorization: Bearer
// <token>); a request sent twice is refused the second time (409, "code": "stale"), so a
// double click never plays twice. While another seat is to move, the page listens on the
// game's WebSocket (/api/games/<id>/ws: the token as the first message, then the seat's
// view after every move), or, where no WebSocket opens, asks GET ...?after=<moves>. The page's address holds the game and
// the token (#game=<id>&token=<token>): it is the seat's link, to come back or to hand on.
// Languages: every request carries ?lang= (the server's refusals, titles and combination
// names come in that language); the page's own words are looked up in /words.json by t(),
// numbers are written by num() as the language writes them (a decimal comma in fi and de).
// The seat to move may ask for a hint (GET /api/games/<id>/hint: the actions ranked by
// the library's search), and once a deal is over for a review of his own moves (GET
// /api/games/<id>/review). The game's creator keeps the other seats' links in
// localStorage ("bezique-invites-<id>"), so that they survive a reload.
"use strict";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);
const FIELDS = [
  ["melds", "Melds"], ["sevens", "Sevens"], ["brisques", "Brisques"],
  ["last_trick", "Last trick of the deal"], ["penalties", "Penalties"], ["bonus", "Dealer's guess"],
  ["total", "Total"],
];
// The seat menu's words for the bots of /api/variants (another bot: "bot: <name>").
const BOT_WORDS = {
  greedy: "bot: greedy", search: "bot: searching", random: "bot: random",
  level1: "bot: beginner (level 1)", level2: "bot: casual (level 2)",
  level3: "bot: club player (level 3)", level4: "bot: expert (level 4)",
  level5: "bot: master (level 5)",
};
const HINTS_SHOWN = 3;  // the best actions a hint shows

const $ = (id) => document.getElementById(id);
const app = $("app");
let game = null;
let token = null;
let invites = [];  // [seat, link] for the other people's seats of a game made here
let polling = 0;   // the generation of the wait for another seat's move
let socket = null;  // the game's WebSocket, listening for the other seats' moves
let socketKey = "";  // the game, token and language it was opened for
let socketsWork = "WebSocket" in window;  // false once one failed to open: then long polls
let lang = localStorage.getItem("bezique-lang") || "en";
let words = {};  // the page's words in every language: {"fi": {"Trick": "Tikki", ...}, ...}
let hint = null;  // the hint shown: the server's answer, for the moves it was asked at
let review = null;  // the review shown: the server's answer, for the game and deal reviewed

// The page's own text in the chosen language, with {fields} filled: t("phase {phase}", {phase: 1}).
function t(text, fields = {}) {
  const said = (words[lang] || {})[text] || text;
  return said.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? fields[name] : whole));
}

// A number as the language writes it: num(12.5, 1) is "12.5" in English, "12,5" in fi, de.
function num(value, digits = 0) {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: digits,
    maximumFractionDigits: digits, useGrouping: false }).format(value);
}

// A signed number of points: "+12,5", "−3,0".
function signed(value) {
  return (value > 0 ? "+" : value < 0 ? "−" : "") + num(Math.abs(value), 1);
}

function translatePage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-i18n]")) {
    if (!node.dataset.en) node.dataset.en = node.textContent;
    node.textContent = t(node.dataset.en);
  }
  $("seed").placeholder = t("random");
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) node.append(child);
  return node;
}

// "10D" -> {rank: "10", suit: "D"}
function split(code) {
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

function cardText(code) {
  const { rank, suit } = split(code);
  return rank + SUITS[suit];
}

function card(code, extra = {}) {
  const { rank, suit } = split(code);
  return el("span", {
    class: "card " + (RED.has(suit) ? "red" : "black"), title: cardText(code),
    "data-card": code, ...extra,
  }, el("span", { class: "rank" }, rank), el("span", { class: "suit" }, SUITS[suit]));
}

function back(label = "") {
  return el("span", { class: "card back", title: label }, label);
}

function playerName(p) {
  if (p === game.seat) return t("you");
  const partner = game.sides[p] === game.sides[game.seat];
  return t(partner ? "player {player} (partner)" : "player {player}", { player: p });
}

// A side by its name: a player where each side is one player (two-handed, cutthroat), a
// side where partners share one (four-handed).
function sideName(side) {
  const mine = side === game.sides[game.seat];
  if (new Set(game.sides).size === game.sides.length) {
    return t(mine ? "player {player} (you)" : "player {player}", { player: side });
  }
  return t(mine ? "side {side} (you)" : "side {side}", { side });
}

// ---------------------------------------------------------------- talking to the server

function seatLink(id, seatToken) {
  return `${location.origin}${location.pathname}#game=${id}&token=${encodeURIComponent(seatToken)}`;
}

async function request(method, url, body, quiet = false) {
  if (!quiet) app.dataset.state = "busy";
  const options = { method, headers: {} };
  if (token) options.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(url + (url.includes("?") ? "&" : "?") + "lang=" + lang, options);
    const payload = await response.json();
    if (!response.ok && !payload.message) payload.message = payload.error;
    return { ok: response.ok, payload };
  } catch (error) {
    return { ok: false, payload: { message: t("the server did not answer ({error})", { error }),
                                   rule: null } };
  }
}

async function send(action) {
  if (!game || app.dataset.state === "busy") return;
  const { ok, payload } = await request("POST", `/api/games/${game.id}/actions`,
                                       { action, after: game.moves });
  if (ok) {
    game = payload;
    polling++;
    showMessage("");
  } else if (payload.code === "stale") {  // the game moved on meanwhile: show it as it is
    const { ok: found, payload: now } = await request("GET", `/api/games/${game.id}`);
    if (found) game = now;
  } else {
    showMessage(payload.message, payload.rule);
  }
  render();
}

async function startGame(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const body = { variant: $("variant").value, seats, whole_game: $("whole-game").checked };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  token = null;
  const { ok, payload } = await request("POST", "/api/games", body);
  if (ok) {
    game = payload;
    token = payload.tokens[String(game.seat)];
    invites = Object.entries(payload.tokens).filter(([seat]) => Number(seat) !== game.seat)
      .map(([seat, t]) => [Number(seat), seatLink(game.id, t)]);
    keepInvites(game.id, invites);
    polling++;
    history.replaceState(null, "", `#game=${game.id}&token=${encodeURIComponent(token)}`);
    showMessage("");
  } else {
    showMessage(payload.message, payload.rule);
  }
  render();
}

// The other seats' links of a game made here, kept for the game's creator: after a reload
// the page shows them again (a joining person's browser has none: it made no game).
function keepInvites(id, links) {
  try {
    localStorage.setItem(`bezique-invites-${id}`, JSON.stringify(links));
  } catch (error) { /* no storage (a private window): the links last until a reload */ }
}

function keptInvites(id) {
  try {
    const links = JSON.parse(localStorage.getItem(`bezique-invites-${id}`) || "null");
    return Array.isArray(links) ? links : null;
  } catch (error) {
    return null;
  }
}

function showMessage(text, rule) {
  const message = $("message");
  message.textContent = "";
  message.removeAttribute("data-rule");
  if (!text) return;
  if (rule) {
    message.setAttribute("data-rule", rule);
    message.append(el("strong", {}, t("Refused by rule {rule}.", { rule })), " ");
    if (text.startsWith(rule + ":")) text = text.slice(rule.length + 1).trim();
  } else {
    message.append(el("strong", {}, t("Refused.")), " ");
  }
  message.append(text);
}

// ---------------------------------------------------------------- drawing the game

function render() {
  if (game) draw(game.observation);
  app.dataset.state = "ready";
  app.dataset.renders = String(Number(app.dataset.renders) + 1);
  if (game) listen();
}

// Hear of the other seats' moves: by the game's WebSocket, else by long polls.
function listen() {
  const key = `${game.id} ${token} ${lang}`;
  if (game.over) {
    closeSocket();
    return;
  }
  if (!socketsWork) {
    waitForOthers();
    return;
  }
  if (socket && socketKey === key) return;
  closeSocket();
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/api/games/${game.id}/ws?lang=${lang}`);
  let opened = false;
  socket = ws;
  socketKey = key;
  ws.onopen = () => {
    opened = true;
    ws.send(JSON.stringify({ token }));
  };
  ws.onmessage = (event) => {
    const payload = JSON.parse(event.data);
    if (ws !== socket || !game) return;
    if (payload.error) {
      showMessage(payload.message, payload.rule);
    } else if (payload.id === game.id && payload.moves > game.moves) {
      game = payload;
      render();
    }
  };
  ws.onclose = () => {
    if (ws !== socket) return;
    socket = null;
    socketKey = "";
    if (!opened) socketsWork = false;  // no WebSocket gets through: wait by long polls
    if (game && !game.over) setTimeout(() => { if (game && !socket) listen(); }, 1000);
  };
}

function closeSocket() {
  if (socket) {
    const old = socket;
    socket = null;
    socketKey = "";
    old.close();
  }
}

// While another seat is to move (another person: the bots play on the server), ask the
// server to answer once the game has moved on, then redraw.
async function waitForOthers() {
  const o = game.observation;
  if (game.over || o.to_move === null || o.to_move === game.seat) return;
  const mine = ++polling;
  const { ok, payload } = await request(
    "GET", `/api/games/${game.id}?after=${game.moves}`, undefined, true);
  if (mine !== polling) return;
  if (!ok) {
    showMessage(payload.message, payload.rule);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (mine === polling) waitForOthers();
    return;
  }
  if (payload.moves === game.moves) {
    waitForOthers();
    return;
  }
  game = payload;
  render();
}

function draw(o) {
  $("intro").hidden = true;
  $("board").hidden = false;
  drawStatus(o);
  drawScores(o);
  drawGame();
  drawInvites();
  drawOthers(o);
  drawMiddle(o);
  drawMine(o);
  drawActions();
  drawHint(o);
  drawLog();
  drawResult();
  drawReview();
}

function drawStatus(o) {
  const trump = o.trump ? SUITS[o.trump] : t("not fixed yet");
  let turn;
  if (game.over) turn = t(game.game ? "The game is over." : "The deal is over.");
  else if (o.to_move === game.seat) {
    turn = t(o.stage === "declare" ? "Your turn: declare or pass." : "Your turn: play a card.");
  } else turn = t("Waiting for {player}.", { player: playerName(o.to_move) });
  const deal = game.game ? [el("span", { id: "deal" }, t("deal {deal}", { deal: game.game.deal }))] : [];
  $("status").replaceChildren(
    el("span", {}, game.title), ...deal, el("span", {}, t("trump {trump}", { trump })),
    el("span", {}, t("stock {count}", { count: o.stock_size })),
    el("span", {}, t("phase {phase}", { phase: o.phase })),
    el("span", {}, t("tricks {count}", { count: o.tricks })), el("span", { class: "turn" }, turn));
}

function drawScores(o) {
  const parts = o.scores.map((points, side) => el("span", {
    class: "score", "data-side": String(side),
  }, `${sideName(side)}: `, el("b", {}, String(points))));
  parts.push(...brisqueNotes(o));
  $("scores").replaceChildren(...parts);
}

// The brisques as the result counts them: at the end, the points the result gives them
// (in Rubicon none unless they break a tie or save a side from the rubicon, R11.7).
function brisqueNotes(o) {
  const result = game.result;
  if (!result) {
    return o.brisques ? [el("span", { class: "note" },
      t("brisques won: {counts}", { counts: o.brisques.join(" / ") }))] : [];
  }
  const points = result.breakdown.map((b) => b.brisques);
  const notes = [el("span", { class: "note", id: "brisques" },
    t("brisques counted: {points} points", { points: points.join(" / ") }))];
  const s = result.settlement;
  if (s && !s.brisques_counted && result.brisque_counts.some((n) => n > 0)) {
    notes.push(el("span", { class: "note" },
      t("brisques won: {counts} (not counted: no tie, no side saved from the rubicon)",
        { counts: result.brisque_counts.join(" / ") })));
  }
  return notes;
}

function drawGame() {
  const g = game.game;
  const box = $("game-info");
  box.hidden = !g;
  if (!g) return;
  const rows = g.totals.map((total, side) => el("span", {
    class: "score", "data-side": String(side), "data-total": String(total),
  }, `${sideName(side)}: `, el("b", {}, String(total))));
  const parts = [el("h2", {}, g.over ? t("Game over after {count} deals", { count: g.deals.length }) :
    t("Deal {deal}: totals to {target}", { deal: g.deal, target: g.target })), ...rows];
  if (g.deals.length) {
    parts.push(el("span", { class: "note" }, t("deals: {points}",
      { points: g.deals.map((points) => points.join("–")).join(", ") })));
  }
  if (g.over) parts.push(el("p", { id: "game-result" }, game.game_result_text));
  box.replaceChildren(...parts);
}

function drawInvites() {
  const box = $("invite");
  box.hidden = invites.length === 0;
  box.replaceChildren(el("h2", {}, t("Links for the other people")), ...invites.map(([seat, link]) =>
    el("p", {}, t("seat {seat}: ", { seat }), el("a", { href: link, "data-seat": String(seat) }, link))));
}

function drawOthers(o) {
  const seats = [];
  for (let p = 0; p < o.hand_sizes.length; p++) {
    if (p === game.seat) continue;
    const row = el("div", { class: "cards" });
    if (o.hand_sizes[p]) {
      row.append(el("figure", {}, back(String(o.hand_sizes[p])), el("figcaption", {}, t("hand"))));
    }
    row.append(...o.table[p].map((entry) => el("figure", {}, card(entry[0]),
        el("figcaption", {}, t("table")))));
    seats.push(el("div", { class: "seat", "data-player": String(p) },
      el("h2", {}, t("{player}: {count} cards in hand", { player: playerName(p),
                                                           count: o.hand_sizes[p] })), row));
  }
  $("others").replaceChildren(...seats);
}

function drawMiddle(o) {
  const played = (pairs) => pairs.map(([p, code]) => el("figure", {},
    card(code), el("figcaption", {}, playerName(p))));
  $("trick").replaceChildren(...played(o.trick));
  const last = game.last_trick;
  $("last-trick").replaceChildren(...played(last.cards));
  $("last-trick-title").textContent = last.winner === null ? t("Last trick")
    : last.winner === game.seat ? t("Last trick, won by you")
      : t("Last trick, won by {player}", { player: playerName(last.winner) });
  const pile = [];
  if (o.turn_up) pile.push(el("figure", {}, card(o.turn_up), el("figcaption", {}, t("turn-up"))));
  if (o.stock_size > (o.turn_up ? 1 : 0)) {
    pile.push(el("figure", {}, back(String(o.stock_size)), el("figcaption", {}, t("stock"))));
  }
  if (o.trump) pile.push(el("span", { class: "big " + (RED.has(o.trump) ? "red" : "black") },
    SUITS[o.trump]));
  $("trump").replaceChildren(...pile);
}

function playChoice(code, place) {
  return game.choices.find((c) => c.kind === "play" && c.card === code && c.place === place);
}

function clickable(node, action, legal) {
  node.classList.add(legal ? "legal" : "other");
  if (legal) node.setAttribute("data-legal", action);
  node.setAttribute("data-action", action);
  node.tabIndex = 0;
  node.addEventListener("click", () => send(action));
  if (node.tagName !== "BUTTON") {
    node.setAttribute("role", "button");
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        send(action);
      }
    });
  }
  return node;
}

function drawMine(o) {
  const hand = o.hand.map((code) => {
    const choice = playChoice(code, "any") || playChoice(code, "hand");
    return clickable(card(code), choice ? choice.action : `play ${code}`, Boolean(choice));
  });
  $("hand").replaceChildren(...hand);
  const table = o.table[game.seat].map((entry) => {
    const code = entry[0];
    const choice = playChoice(code, "table") ||
      (o.hand.includes(code) ? undefined : playChoice(code, "any"));
    const action = choice ? choice.action : `play ${code} table`;
    return clickable(card(code), action, Boolean(choice));
  });
  $("my-table").replaceChildren(...table);
}

function drawActions() {
  const buttons = game.choices.filter((c) => c.kind !== "play").map((c) => {
    const button = el("button", { type: "button", class: "action " + c.kind });
    button.append(c.kind === "declare" ? c.label
      : c.kind === "announce" ? t("announce {meld}", { meld: c.name }) : t(c.label));
    if (c.cards) button.append(" ", ...c.cards.map((code) => card(code, { class: "card mini " +
      (RED.has(split(code).suit) ? "red" : "black") })));
    return clickable(button, c.action, true);
  });
  $("actions").replaceChildren(...buttons);
  // the notation box only while the seat has something to do
  $("notation").hidden = game.over || game.legal.length === 0;
}

// The Hint button while the seat is to move; the best few actions once asked, until a move.
function drawHint(o) {
  $("hint-button").hidden = game.over || o.to_move !== game.seat;
  const shown = hint && hint.id === game.id && hint.moves === game.moves ? hint : null;
  const list = $("hints");
  list.hidden = !shown;
  if (!shown) {
    list.replaceChildren();
    return;
  }
  const best = shown.hints.slice(0, HINTS_SHOWN).map((h) => el("li", { "data-hint": h.action },
    t("you {action}", { action: h.words }), ": ", el("b", {}, signed(h.value)),
    h.exact ? " " + t("(exact)") : ""));
  const first = shown.hints[0];  // the best action's card or button, marked
  for (const node of document.querySelectorAll("[data-legal]")) {
    if (first && node.getAttribute("data-legal") === first.action) node.classList.add("hinted");
  }
  list.replaceChildren(el("p", { class: "head" },
    t("The best moves (points expected to the end of the deal, less the others')")),
  el("ol", {}, ...best));
}

async function askHint() {
  if (!game) return;
  const { ok, payload } = await request("GET", `/api/games/${game.id}/hint`);
  if (ok) {
    hint = { ...payload, id: game.id };
    showMessage("");
  } else {
    showRefusal(payload);
  }
  render();
}

// A refusal of a hint or a review: too many from this address is said in the page's words.
function showRefusal(payload) {
  if (payload.code === "too_many") showMessage(t("Too many requests from here: wait a little and ask again."));
  else showMessage(payload.message, payload.rule);
}

// The deal's log in words (the server's log_words), the seat's own moves as "you ...";
// the notation of each move is its title.
function drawLog() {
  $("log").replaceChildren(...game.log.map((entry, k) => {
    const said = game.log_words[k];
    const text = entry.player === game.seat ? t("you {action}", { action: said }) : said;
    return el("li", { class: entry.player === game.seat ? "mine" : "", title: entry.action,
      "data-action": entry.action }, text + (entry.forced ? " " + t("(forced)") : ""));
  }));
  $("log").scrollTop = $("log").scrollHeight;
}

function drawResult() {
  const finished = game.game && game.game.last_deal;
  const result = game.result || finished;
  const section = $("result");
  const link = $("record");
  section.hidden = !result;
  link.hidden = !game.over;
  if (!result) return;
  link.download = `bezique-${game.id}.txt`;
  const head = el("tr", {}, el("th", {}, ""),
    ...result.breakdown.map((_, side) => el("th", {}, sideName(side))));
  // the rows that scored something (a row of zeros says nothing), and the total
  const used = FIELDS.filter(([field]) => field === "total" ||
    result.breakdown.some((score) => score[field] !== 0));
  const rows = used.map(([field, label]) => el("tr", { class: field }, el("th", {}, t(label)),
    ...result.breakdown.map((score, side) => el("td", {
      "data-side": String(side), "data-field": field,
    }, String(score[field])))));
  const title = game.result ? t("Result") :
    t("Result of deal {deal}", { deal: game.game.deals.length });
  const parts = [el("h2", {}, title), el("p", { id: "result-text" }, game.result_text || ""),
    el("table", {}, head, ...rows)];
  const s = result.settlement;
  if (s) {
    const outcome = s.winner === null ? t("a tie") :
      t(s.rubiconed ? "{side} wins {value} (rubicon)" : "{side} wins {value}",
        { side: sideName(s.winner), value: s.value });
    parts.push(el("p", { id: "settlement" }, t("Settlement: totals {totals}: {outcome}",
                                                { totals: s.totals.join(" / "), outcome })));
  }
  parts.push(el("button", { type: "button", id: "review-button", onclick: askReview },
    t("Review my moves")));
  section.replaceChildren(...parts);
}

// The deal a review is for: the deal over, or a whole game's last finished deal.
function reviewKey() {
  if (!game.result && !(game.game && game.game.last_deal)) return null;
  return `${game.id}:${game.game ? game.game.deals.length : 1}`;
}

async function askReview() {
  const key = reviewKey();
  if (!key) return;
  const { ok, payload } = await request("GET", `/api/games/${game.id}/review`);
  if (ok) {
    review = { ...payload, key };
    showMessage("");
  } else {
    showRefusal(payload);
  }
  render();
}

// The seat's own moves of the deal judged by the library's search: what was given away.
function drawReview() {
  const box = $("review");
  const shown = review && review.key === reviewKey() ? review : null;
  box.hidden = !shown;
  $("review-button") && ($("review-button").hidden = Boolean(shown));
  if (!shown) return;
  const lost = shown.moves.filter((m) => m.loss > 0);
  const items = lost.map((m) => el("li", { "data-index": String(m.index),
    "data-played": m.played, "data-best": m.best },
  t("move {number}: you {played}; better: you {best} ({loss} points lost)", {
    number: m.index + 1, played: m.played_words, best: m.best_words, loss: num(m.loss, 1) })));
  box.replaceChildren(el("h2", {}, t("Your moves reviewed")),
    el("p", { id: "review-summary" }, t("{count} decisions; points given away: {points}",
      { count: shown.decisions, points: num(shown.total_loss, 1) })),
    lost.length ? el("ol", {}, ...items) : el("p", {}, t("Every move was the best one found.")));
}

// ---------------------------------------------------------------- start

async function changeLanguage() {
  lang = $("lang").value;
  localStorage.setItem("bezique-lang", lang);
  translatePage();
  const { ok: listed, payload: list } = await request("GET", "/api/variants");
  if (listed) list.variants.forEach((v, k) => { $("variant").options[k].dataset.title = v.title; });
  translateVariants();
  translateSeats();
  if (game) {  // the server's words (title, combination names) in the new language
    const { ok, payload } = await request("GET", `/api/games/${game.id}`);
    if (ok) game = payload;
  }
  showMessage("");
  render();
}

function translateVariants() {
  for (const option of $("variant").options) {
    option.textContent = t("{title} ({count} players)", option.dataset);
  }
}

// The seat picker's words: "Seat N", "a person" and the bots' names (BOT_WORDS).
function translateSeats() {
  for (const label of document.querySelectorAll("#seats label")) {
    label.firstChild.textContent = t("Seat {seat} ", { seat: label.dataset.seat });
  }
  for (const option of document.querySelectorAll("#seats option")) {
    const bot = option.value.startsWith("bot:") ? option.value.slice(4) : null;
    option.textContent = bot === null ? t("a person")
      : bot in BOT_WORDS ? t(BOT_WORDS[bot]) : t("bot: {name}", { name: bot });
  }
}

async function load() {
  const wordsLoaded = fetch("/words.json").then((r) => r.json()).catch(() => ({}));
  const { ok, payload } = await request("GET", "/api/variants");
  if (!ok) {
    showMessage(payload.message, payload.rule);
    render();
    return;
  }
  if (!(lang in payload.languages)) lang = "en";
  $("language").replaceChildren(el("label", {}, el("span", { "data-i18n": "" }, "Language"), " ",
    el("select", { id: "lang", name: "lang" }, ...Object.entries(payload.languages).map(
      ([code, name]) => el("option", { value: code, textContent: name, selected: code === lang })))));
  $("lang").addEventListener("change", changeLanguage);
  $("variant").replaceChildren(...payload.variants.map((v) => el("option", {
    value: v.name, "data-title": v.title, "data-count": String(v.players),
  })));
  words = await wordsLoaded;
  const kinds = [["human", "a person"], ...payload.bots.map((name) => [`bot:${name}`, name])];
  const players = Object.fromEntries(payload.variants.map((v) => [v.name, v.players]));
  const drawSeats = () => {
    const count = players[$("variant").value];
    $("seats").replaceChildren(...Array.from({ length: count }, (_, seat) => el("label", {
      "data-seat": String(seat) }, `Seat ${seat} `, el("select", { "data-seat": String(seat) },
      ...kinds.map(([value, text]) => el("option", { value, textContent: text,
        selected: seat === 0 ? value === "human" : value === `bot:${payload.bot}` }))))));
    translateSeats();
  };
  translatePage();
  translateVariants();
  drawSeats();
  $("variant").addEventListener("change", drawSeats);
  $("new-game").addEventListener("submit", startGame);
  $("record").addEventListener("click", downloadRecord);
  $("hint-button").addEventListener("click", askHint);
  $("own-game").addEventListener("click", () => {
    $("new-game").hidden = false;
    $("own-game").hidden = true;
  });
  $("notation").addEventListener("submit", (event) => {
    event.preventDefault();
    send($("notation-text").value);
  });
  const link = new URLSearchParams(location.hash.slice(1));
  if (link.get("game") && link.get("token")) {
    token = link.get("token");
    const kept = keptInvites(link.get("game"));
    if (kept) invites = kept;
    else {  // a person who joins by his link plays that game: no new-game form above it
      $("new-game").hidden = true;
      $("own-game").hidden = false;
    }
    const { ok: found, payload: saved } = await request("GET", `/api/games/${link.get("game")}`);
    if (found) game = saved;
    else showMessage(saved.message, saved.rule);
  }
  render();
}

// The record needs the seat's token, so it is fetched, then saved from a blob.
async function downloadRecord(event) {
  if (event.currentTarget.dataset.ready === "1") return;
  event.preventDefault();
  const response = await fetch(`/api/games/${game.id}/record?lang=${lang}`,
    { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    const payload = await response.json();
    showMessage(payload.message, payload.rule);
    return;
  }
  const link = $("record");
  link.href = URL.createObjectURL(await response.blob());
  link.dataset.ready = "1";
  link.click();
  link.dataset.ready = "0";
}

load();
