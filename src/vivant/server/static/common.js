// Shared by the lobby, the table and the replay: cards, labels and small DOM helpers.

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const RANKS = "23456789TJQKA";
const HAND_SUIT_ORDER = ["S", "H", "C", "D"]; // alternate colours in a hand
export const ROLE_NAME = { V: "Vivant", R: "Right", M: "Mort", L: "Left" };
const SIDE_NAME = { VM: "Vivant & Mort", LR: "Right & Left", NS: "North–South", EW: "East–West", N: "North", S: "South" };

/** A readable name for a side or score key ("VM", "NS", a player's name). */
export function sideName(key) {
  return SIDE_NAME[key] || key;
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
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || `request failed (${r.status})`);
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

const PENALTY = { T: "take three tricks", D: "deduct three points", A: "add three points" };
const OPTION = {
  accept: "Let it stand",
  call_card: "Call the card (it stays exposed)",
  call_suit: "Call a suit for the lead",
  take_back: "Have it taken back",
  redeal: "A new deal by the same dealer",
  pass: "The deal passes",
  stand: "The deal stands",
  misdeal: "Treat it as a misdeal",
};
const KIND = {
  lead_out_of_turn: "A lead out of turn",
  two_cards: "Two cards played together",
  cards_together: "Cards played together or led again",
  misdeal: "A misdeal",
  exposed_in_deal: "A card exposed in dealing",
};

/** A readable label for an action the viewer may choose (not a card play). */
export function actionLabel(a, ctx) {
  switch (a.type) {
    case "ChooseSeats": {
      const name = ctx.people[a.right] ? ctx.people[a.right].name : `player ${a.right}`;
      return `${name} sits Right of Mort`;
    }
    case "ChooseSeat":
      return `Take the ${{ N: "North", E: "East", S: "South", W: "West" }[a.target] || a.target} seat`;
    case "ChooseDeal":
      return a.for_mort ? "Deal for Mort" : "Deal for myself";
    case "Elect":
      return OPTION[a.option] || (a.option.length === 2 ? `Play ${cardText(a.option)}` : a.option);
    case "ChoosePenalty":
      return `Trick ${a.trick}: ${PENALTY[a.option] || a.option}`;
    case "ClaimRevoke":
      return `Claim a revoke in trick ${a.trick}`;
    case "WaiveRevokes":
      return "Let the hand be scored";
    case "CallSuit":
      return `Call ${SUIT_NAME[a.suit]} ${SUIT_SYMBOL[a.suit]}`;
    case "CallCard":
      return `Call ${cardText(a.card)} from ${a.target}`;
    case "CorrectRevoke":
      return `Correct the revoke with ${cardText(a.card)}`;
    case "ChoosePosition":
      return a.right ? "Sit on the adversary's right" : "Sit on the adversary's left";
    case "Exchange":
      return a.take ? "Exchange for the dead hand" : "Keep my hand";
    case "Declare":
      return a.trump === "NT" ? "No trumps" : `${SUIT_NAME[a.trump]} ${SUIT_SYMBOL[a.trump]} trumps`;
    case "Pass":
      return "Pass";
    case "Double":
      return "Double";
    case "Redouble":
      return "Redouble";
    case "Claim":
      return `Claim ${a.tricks} trick${a.tricks === 1 ? "" : "s"}`;
    default:
      return a.type;
  }
}

/** A heading for the decision the viewer faces. */
export function decisionTitle(legal, view) {
  const t = legal[0].type;
  if (t === "ChooseSeats") return ["The adversaries choose their seats", "Who sits Right of Mort this game? (M-2.2)"];
  if (t === "ChooseDeal") return ["Vivant's deal", "Deal the first hand for yourself or for Mort (M-3.1)."];
  if (t === "Elect" && view.pending) {
    const p = view.pending;
    const cards = p.cards.map(cardText).join(" ");
    return [`${KIND[p.kind] || p.kind} (${p.rule})`, `By ${p.offender}${cards ? ": " + cards : ""}. The choice is yours.`];
  }
  if (t === "ChoosePenalty") return ["A revoke is proved", "Choose the penalty (M-6.2)."];
  if (t === "ClaimRevoke" || t === "WaiveRevokes") return ["The hand is played", "A revoke by the other side may be claimed."];
  if (t === "CallSuit") return ["Call a suit", "The lead must be of the suit you name (WL-6.1)."];
  if (t === "CallCard") return ["An exposed card", "You may call it (WL-5.2)."];
  if (t === "CorrectRevoke") return ["A revoke to correct", "Play a card of the suit led instead."];
  if (t === "ChoosePosition") return ["Choose your seat", "The lowest cutter chooses where to sit."];
  if (t === "Exchange") return ["Exchange?", "Keep the hand dealt you, or take the dead hand on your right, once."];
  if (t === "Declare" || t === "Pass") return ["The declaration", "Name the trumps, or pass."];
  if (t === "Double" || t === "Redouble") return ["Doubling", "Double (or redouble) the value of the tricks, or pass."];
  return ["Your decision", ""];
}

/** One line of the log for a stored event. */
export function eventText(ev, roles, names) {
  const who = (role) => {
    if (role === "M") return "Mort";
    const seat = Object.keys(roles).find((s) => roles[s] === role);
    const name = seat && names[seat];
    return name ? `${name} (${role})` : ROLE_NAME[role] || role;
  };
  const a = ev.action || {};
  const lines = [];
  for (const e of ev.events || []) {
    switch (e.kind) {
      case "played": lines.push(`${who(e.seat)} played ${e.card ? cardText(e.card) : "a card"}`); break;
      case "trick": lines.push(`Trick ${e.number} to ${who(e.winner)}`); break;
      case "dealt":
        if (e.turn_up) lines.push(`${who(e.dealer)} dealt; ${cardText(e.turn_up)} turned up — ${SUIT_NAME[e.trump]} are trumps`);
        else lines.push(`${who(e.dealer)} dealt`);
        break;
      case "declared": lines.push(`${e.by === "dummy" ? "Dummy's" : "The dealer's"} declaration: ${e.trump === "NT" ? "no trumps" : SUIT_NAME[e.trump]}`); break;
      case "cut": lines.push(`${e.player} cut ${cardText(e.card)}`); break;
      case "table_formed": lines.push(`The table is formed: ${e.order.join(", ")}`); break;
      case "seats":
        // The players by role letter as the event names them (Mort: R and L; elsewhere the
        // seats or roles of the game), never a role the event does not name.
        lines.push(Object.entries(e).filter(([k, x]) => k !== "kind" && typeof x === "string" && k.length <= 2)
          .map(([k, x]) => `${x} sits ${ROLE_NAME[k] || k}`).join(", "));
        break;
      case "deal_for": lines.push(e.mort ? "Vivant deals for Mort" : "Vivant deals for himself"); break;
      case "hand_scored":
        if (e.won && e.markers) {
          const sides = Object.keys(e.won);
          lines.push(`Hand scored: ${sides.map((k) => `${k} ${e.won[k]}`).join(", ")} tricks — points ${sides.map((k) => e.markers[k]).join("–")}`);
        } else lines.push("Hand scored");
        break;
      case "game_over": lines.push(`Game to ${e.winner}, worth ${e.value}`); break;
      case "irregularity": lines.push(`Irregularity: ${e.kind.replaceAll("_", " ")} (${e.rule})`); break;
      case "elected": lines.push(`Elected: ${e.option.replaceAll("_", " ")}`); break;
      case "revoke_claimed": lines.push(`Revoke by ${who(e.seat)} in trick ${e.trick} claimed`); break;
      case "revoke_corrected": lines.push(`${who(e.seat)} corrects a revoke`); break;
      case "suit_called": lines.push(`${SUIT_NAME[e.suit]} called for the lead`); break;
      case "card_called": lines.push(`${cardText(e.card)} called from ${who(e.seat)}`); break;
      default: lines.push(String(e.kind).replaceAll("_", " "));
    }
  }
  if (!lines.length) lines.push(a.type || "event");
  return lines;
}
