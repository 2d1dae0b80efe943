// The reference browser client of bezique: plain JavaScript, no build step.
//
// Everything shown comes from the server's answer about a game (see server.py):
//   observation  the library's JSON document of this seat's observation (bz.observe);
//   choices      the legal actions, each with its notation (`action`), kind and label;
//   log          every action of the deal, as {player, action} in the library's notation
//                ({player, action, forced: true} for a lone pass played for the person);
//   result       the deal's result with its breakdown (bz.deal_result) once it is over.
// A move is sent as its notation: POST /api/games/<id>/actions {"action": "play QS"}.
"use strict";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);
const FIELDS = [
  ["melds", "Melds"], ["sevens", "Sevens"], ["brisques", "Brisques"],
  ["last_trick", "Last trick"], ["penalties", "Penalties"], ["bonus", "Dealer's guess"],
  ["total", "Total"],
];

const $ = (id) => document.getElementById(id);
const app = $("app");
let game = null;

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
  if (p === game.seat) return "you";
  const partner = game.sides[p] === game.sides[game.seat];
  return `player ${p}` + (partner ? " (partner)" : "");
}

function sideName(side) {
  return `side ${side}` + (side === game.sides[game.seat] ? " (you)" : "");
}

// ---------------------------------------------------------------- talking to the server

async function request(method, url, body) {
  app.dataset.state = "busy";
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(url, options);
    const payload = await response.json();
    return { ok: response.ok, payload };
  } catch (error) {
    return { ok: false, payload: { error: `the server did not answer (${error})`, rule: null } };
  }
}

async function send(action) {
  if (!game || app.dataset.state === "busy") return;
  const { ok, payload } = await request("POST", `/api/games/${game.id}/actions`, { action });
  if (ok) {
    game = payload;
    showMessage("");
  } else {
    showMessage(payload.error, payload.rule);
  }
  render();
}

async function startGame(event) {
  event.preventDefault();
  const body = { variant: $("variant").value, bot: $("bot").value };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  const { ok, payload } = await request("POST", "/api/games", body);
  if (ok) {
    game = payload;
    history.replaceState(null, "", "#" + game.id);
    showMessage("");
  } else {
    showMessage(payload.error, payload.rule);
  }
  render();
}

function showMessage(text, rule) {
  const message = $("message");
  message.textContent = "";
  message.removeAttribute("data-rule");
  if (!text) return;
  if (rule) {
    message.setAttribute("data-rule", rule);
    message.append(el("strong", {}, `Refused by rule ${rule}.`), " ");
    if (text.startsWith(rule + ":")) text = text.slice(rule.length + 1).trim();
  } else {
    message.append(el("strong", {}, "Refused. "));
  }
  message.append(text);
}

// ---------------------------------------------------------------- drawing the game

function render() {
  if (game) draw(game.observation);
  app.dataset.state = "ready";
  app.dataset.renders = String(Number(app.dataset.renders) + 1);
}

function draw(o) {
  $("intro").hidden = true;
  $("board").hidden = false;
  drawStatus(o);
  drawScores(o);
  drawOthers(o);
  drawMiddle(o);
  drawMine(o);
  drawActions();
  drawLog();
  drawResult();
}

function drawStatus(o) {
  const trump = o.trump ? SUITS[o.trump] : "not fixed yet";
  let turn;
  if (game.over) turn = "The deal is over.";
  else if (o.to_move === game.seat) {
    turn = o.stage === "declare" ? "Your turn: declare or pass." : "Your turn: play a card.";
  } else turn = `Waiting for ${playerName(o.to_move)}.`;
  $("status").replaceChildren(
    el("span", {}, game.title), el("span", {}, `trump ${trump}`),
    el("span", {}, `stock ${o.stock_size}`), el("span", {}, `phase ${o.phase}`),
    el("span", {}, `tricks ${o.tricks}`), el("span", { class: "turn" }, turn));
}

function drawScores(o) {
  const parts = o.scores.map((points, side) => el("span", {
    class: "score", "data-side": String(side),
  }, `${sideName(side)}: `, el("b", {}, String(points))));
  if (o.brisques) {
    parts.push(el("span", { class: "note" }, `brisques won: ${o.brisques.join(" / ")}`));
  }
  $("scores").replaceChildren(...parts);
}

function drawOthers(o) {
  const seats = [];
  for (let p = 0; p < o.hand_sizes.length; p++) {
    if (p === game.seat) continue;
    const row = el("div", { class: "cards" });
    if (o.hand_sizes[p]) {
      row.append(el("figure", {}, back(String(o.hand_sizes[p])), el("figcaption", {}, "hand")));
    }
    row.append(...o.table[p].map((entry) => el("figure", {}, card(entry[0]),
        el("figcaption", {}, "table"))));
    seats.push(el("div", { class: "seat", "data-player": String(p) },
      el("h2", {}, `${playerName(p)}: ${o.hand_sizes[p]} cards in hand`), row));
  }
  $("others").replaceChildren(...seats);
}

function drawMiddle(o) {
  const played = (pairs) => pairs.map(([p, code]) => el("figure", {},
    card(code), el("figcaption", {}, playerName(p))));
  $("trick").replaceChildren(...played(o.trick));
  const last = game.last_trick;
  $("last-trick").replaceChildren(...played(last.cards));
  $("last-trick-title").textContent = last.winner === null ? "Last trick" :
    `Last trick, won by ${playerName(last.winner)}`;
  const pile = [];
  if (o.turn_up) pile.push(el("figure", {}, card(o.turn_up), el("figcaption", {}, "turn-up")));
  if (o.stock_size > (o.turn_up ? 1 : 0)) {
    pile.push(el("figure", {}, back(String(o.stock_size)), el("figcaption", {}, "stock")));
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
    button.append(c.label);
    if (c.cards) button.append(" ", ...c.cards.map((code) => card(code, { class: "card mini " +
      (RED.has(split(code).suit) ? "red" : "black") })));
    return clickable(button, c.action, true);
  });
  $("actions").replaceChildren(...buttons);
}

function drawLog() {
  $("log").replaceChildren(...game.log.map((entry) => el("li", {
    class: entry.player === game.seat ? "mine" : "",
  }, `${entry.player}: ${entry.action}${entry.forced ? " (forced)" : ""}`)));
  $("log").scrollTop = $("log").scrollHeight;
}

function drawResult() {
  const result = game.result;
  const section = $("result");
  const link = $("record");
  section.hidden = !result;
  link.hidden = !result;
  if (!result) return;
  link.href = `/api/games/${game.id}/record`;
  link.download = `bezique-${game.id}.txt`;
  const head = el("tr", {}, el("th", {}, ""),
    ...result.breakdown.map((_, side) => el("th", {}, sideName(side))));
  const rows = FIELDS.map(([field, label]) => el("tr", { class: field }, el("th", {}, label),
    ...result.breakdown.map((score, side) => el("td", {
      "data-side": String(side), "data-field": field,
    }, String(score[field])))));
  const parts = [el("h2", {}, "Result"), el("table", {}, head, ...rows)];
  const s = result.settlement;
  if (s) {
    const outcome = s.winner === null ? "a tie" :
      `${sideName(s.winner)} wins ${s.value}` + (s.rubiconed ? " (rubicon)" : "");
    parts.push(el("p", { id: "settlement" }, `Settlement: totals ${s.totals.join(" / ")}: ${outcome}`));
  }
  section.replaceChildren(...parts);
}

// ---------------------------------------------------------------- start

async function load() {
  const { ok, payload } = await request("GET", "/api/variants");
  if (!ok) {
    showMessage(payload.error, payload.rule);
    render();
    return;
  }
  $("variant").replaceChildren(...payload.variants.map((v) => el("option", {
    value: v.name, textContent: `${v.title} (${v.players} players)`,
  })));
  $("bot").replaceChildren(...payload.bots.map((name) => el("option", {
    value: name, textContent: name, selected: name === payload.bot,
  })));
  $("new-game").addEventListener("submit", startGame);
  $("notation").addEventListener("submit", (event) => {
    event.preventDefault();
    send($("notation-text").value);
  });
  const id = location.hash.slice(1);
  if (id) {
    const { ok, payload: saved } = await request("GET", `/api/games/${id}`);
    if (ok) game = saved;
  }
  render();
}

load();
