// The card room's conventions at the table (D-TC1, D-TC2, D-TC4, D-TC6): take a card back,
// answer such a request, claim or concede tricks (the core's words for each offer), and come
// back to a seat a computer player is playing meanwhile.
import { cardText, el } from "/static/common.js";

/** The bar of conventions this viewer may use now, or null: "Take back your last card" for each hand
 * he plays that may take one back, and "I'm back" while a computer player plays his seat.
 * ``act`` sends an intent (an action); ``say`` sends a message of the protocol. */
let claimsOpen = false; // the claims' choices shown, until one is sent or the bar is closed

export function conventionsBar(state, people, you, { act, say }) {
  if (!state || state.status === "over" || !you) return null;
  const buttons = [];
  (state.offers || []).forEach((a, i) => {
    if (a.type !== "AskUndo") return;
    const words = (state.offer_words || [])[i] || "take back a card"; // the core's words
    const label = words.charAt(0).toUpperCase() + words.slice(1);
    buttons.push(el("button", { class: "secondary", "data-convention": "undo", onclick: () => act(a) }, label));
  });
  const claims = (state.offers || []).map((a, i) => [a, (state.offer_words || [])[i]])
    .filter(([a]) => a.type === "Claim" || a.type === "Concede");
  if (claims.length) {
    const send = (a) => { if (act(a)) claimsOpen = false; }; // the choices stay if it did not go
    // A claim of some of the tricks is a number to tap (the core's words its accessible name);
    // the claim of the rest and the concession keep their words.
    const most = Math.max(...claims.map(([a]) => (a.type === "Claim" ? a.tricks : 0)));
    const choice = ([a, words]) => {
      const some = a.type === "Claim" && a.tricks < most;
      return el("button", { class: some ? "secondary count" : "secondary", "data-claim": a.type === "Claim" ? String(a.tricks) : "concede", "aria-label": words, title: words, onclick: () => send(a) }, some ? String(a.tricks) : words);
    };
    const some = claims.filter(([a]) => a.type === "Claim" && a.tricks < most);
    const choices = el("span", { class: "claims", role: "group", "aria-label": "Claim or concede", hidden: !claimsOpen },
      some.length ? el("span", { class: "hint" }, "Claim this many tricks:") : null,
      ...claims.map(choice));
    const toggle = el("button", { class: "secondary", "data-convention": "claim", "aria-expanded": String(claimsOpen), onclick: () => {
      claimsOpen = !claimsOpen;
      choices.hidden = !claimsOpen;
      toggle.setAttribute("aria-expanded", String(claimsOpen));
    } }, "Claim or concede…");
    buttons.push(toggle, choices);
  } else claimsOpen = false;
  const me = people.find((p) => p.name === you);
  let note = null;
  if (me && me.stand_in) {
    note = el("span", { class: "hint" }, `A computer player (${me.stand_in}) is playing for you.`);
    buttons.push(el("button", { "data-convention": "back", onclick: () => say({ type: "back" }) }, "I'm back"));
  }
  if (state.undo && !(state.legal || []).some((a) => a.type === "AnswerUndo")) {
    const who = state.undo.asker;
    note = el("span", { class: "hint" }, `${who} asks to take back ${cardText(state.undo.card)}; waiting for the answers.`);
  }
  if (!buttons.length && !note) return null;
  const style = "display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:10px";
  return el("div", { class: "conventions", role: "group", "aria-label": "Table conventions", style }, note, ...buttons);
}
