// Shared by the lobby, the table and the replay: cards, labels and small DOM helpers.

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const RANKS = "23456789TJQKA";
const HAND_SUIT_ORDER = ["S", "H", "C", "D"]; // alternate colours in a hand

// Every word about a game comes from the server: the game's declared metadata (/api/variants:
// title, seats with their roles, sides) and the core's words sent with each event and decision.

/** A readable name for a side or score key ("VM", "NS", a player's name), from the game's sides. */
export function sideName(key, game) {
  const side = game && game.sides ? game.sides.find((s) => s.key === key) : null;
  return side ? side.name : key;
}

/** The game's declared seat with the role `letter`, or null. */
export function seatInfo(game, letter) {
  return game && game.seats ? game.seats.find((s) => s.letter === letter) || null : null;
}

/** Create an element: el("div", {class: "x"}, child, "text"). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function cardImg(card, extra = {}) {
  const name = card || "back";
  return el("img", {
    class: "card",
    src: `/cards/${name}.svg`,
    alt: card ? cardText(card) : "a card, face down",
    "data-card": card || null,
    draggable: "false",
    ...extra,
  });
}

/** The card faces fetched at a table's opening, kept so the browser holds every picture. */
const faces = [];

/** Fetch every card face and the back once, as a table opens, so that a card first shown while
 * the server is unreachable (a restart mid-hand) still has its picture, not a broken image: the
 * browser keeps them (``/cards/`` is sent with Cache-Control). */
export function preloadCards() {
  for (const s of "SHDC") {
    for (const r of "23456789TJQKA") faces.push(Object.assign(new Image(), { src: `/cards/${s}${r}.svg` }));
  }
  faces.push(Object.assign(new Image(), { src: "/cards/back.svg" }));
}

export function isRed(suit) {
  return suit === "H" || suit === "D";
}

export function cardText(card) {
  const rank = card[1] === "T" ? "10" : card[1];
  return `${rank}${SUIT_SYMBOL[card[0]]}`;
}

export function suitSpan(suit) {
  return el("span", { class: isRed(suit) ? "red" : "" }, SUIT_SYMBOL[suit]);
}

/** Sort a hand as a person holds it: suits alternating in colour, high cards first. */
export function sortHand(cards, trump = null) {
  // Trumps first, then the suits alternating in colour.
  let order = HAND_SUIT_ORDER;
  if (trump === "H" || trump === "D") order = [trump, "S", trump === "H" ? "D" : "H", "C"];
  else if (trump === "S" || trump === "C") order = [trump, "H", trump === "S" ? "C" : "S", "D"];
  return [...cards].sort(
    (a, b) => order.indexOf(a[0]) - order.indexOf(b[0]) || RANKS.indexOf(b[1]) - RANKS.indexOf(a[1]),
  );
}

export function bySuit(cards) {
  const out = { S: [], H: [], D: [], C: [] };
  for (const c of cards) out[c[0]].push(c);
  for (const s of Object.keys(out)) out[s].sort((a, b) => RANKS.indexOf(b[1]) - RANKS.indexOf(a[1]));
  return out;
}

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const r = await fetch(path, init);
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw Object.assign(new Error(data.message || `request failed (${r.status})`), { status: r.status });
  return data;
}

/** Seats in screen order around a viewer sitting at `bottom` (clockwise: bottom, left, top, right). */
export function screenPositions(bottom) {
  const seats = "NESW";
  const b = seats.indexOf(bottom);
  const names = ["bottom", "left", "top", "right"];
  const out = {};
  for (let i = 0; i < 4; i++) out[seats[(b + i) % 4]] = names[i];
  return out;
}

/** The words of the legal action at `index` of the state, as the core says them. */
export function actionLabel(state, index) {
  const labels = state.decision ? state.decision.labels : [];
  return labels[index] || state.legal[index].type;
}

/** The heading and the explanation of the decision the viewer faces, in the core's words. */
export function decisionTitle(state) {
  const d = state.decision || {};
  return [d.question || "Your decision", d.about ? `The laws give you a choice: ${d.about}.` : ""];
}

/** The lines of the log for a stored event: the core's words sent with each of its events. */
export function eventText(ev) {
  const lines = [];
  for (const e of ev.events || []) lines.push(...(e.text || []));
  return lines;
}
