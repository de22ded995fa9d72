// The laws at a laws-mode table (issue 16, point 1): the laws actions open to this person now
// (two cards at once, a misdeal, a card exposed in dealing, attention called, "having none?", a
// revoke claimed), and a card played out of turn or from the wrong hand, confirmed with the law
// that then applies. Every word and every choice comes from the server's state ("laws"), in the
// core's words: this file knows no game.
import { cardText, el, sortHand, suitSpan } from "/static/common.js";

let open = false; // the panel is open
let making = null; // the action being made: { key, picked: { field: value } }

const keyOf = (offer) => JSON.stringify(offer.action);
const capital = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** The law that applies to a card played now from the hand at `seat`, out of its turn, or
 * null when no such card may be played (its turn, strict mode, nothing open). */
export function outOfTurnWords(state, seat) {
  const laws = state && state.laws;
  return (laws && laws.out_of_turn && laws.out_of_turn[seat]) || null;
}

/** Ask before a card is played out of turn: the law that applies, then "Play it" or "Cancel"
 * (Escape). The card goes to the server, which judges it. */
export function askOutOfTurn(seat, card, words, send) {
  document.getElementById("laws-confirm")?.remove();
  const before = document.activeElement;
  const close = () => {
    box.remove();
    if (before && before.isConnected) before.focus({ preventScroll: true });
  };
  const box = el("div", { class: "overlay laws-confirm", id: "laws-confirm" },
    el("div", { class: "sheet-card", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "laws-confirm-title", "aria-describedby": "laws-confirm-words",
      onkeydown: (e) => { if (e.key === "Escape") { e.stopPropagation(); close(); } } },
    el("h2", { id: "laws-confirm-title" }, `Play ${cardText(card)} out of turn?`),
    el("p", { id: "laws-confirm-words" }, words),
    el("div", { class: "actions" },
      el("button", { class: "secondary", id: "laws-cancel", onclick: close }, "Cancel"),
      el("button", { id: "laws-play", onclick: () => { close(); send({ type: "Play", seat, card }); } }, "Play it"))));
  document.body.append(box);
  document.getElementById("laws-play").focus({ preventScroll: true });
}

/** The "laws" panel of the felt, or null when the laws offer this person nothing now: a button
 * that opens the list of what the laws let him do, each in the core's words; choosing one asks
 * for what it needs (the cards, the trick, who exposed the card), then sends the action. */
export function lawsPanel(state, send, waiting) {
  const offers = (state && state.laws && state.laws.actions) || [];
  if (!offers.length || (state && state.status === "over")) {
    open = false;
    making = null;
    return null;
  }
  const offer = making && offers.find((o) => keyOf(o) === making.key);
  if (!offer) making = null;
  const toggle = el("button", {
    class: "secondary laws-toggle", "data-laws": "toggle", "aria-expanded": String(open), "aria-controls": "laws-panel",
    onclick: () => { open = !open; making = null; rerender(); },
  }, open ? "Close the laws" : `The laws (${offers.length})`);
  const parts = [toggle];
  if (open) {
    const body = making ? choosing(offer, state, send, waiting) : offers.map((o, i) =>
      el("button", { class: "secondary law", "data-laws": `offer-${i}`, "data-law": o.type, disabled: waiting || null,
        onclick: () => {
          if (!o.choose.length) { open = false; send(o.action); return; }
          making = { key: keyOf(o), picked: {} };
          rerender();
        } }, capital(o.words)));
    parts.push(el("div", { class: "laws-panel", id: "laws-panel", role: "group", "aria-labelledby": "laws-title" },
      el("h3", { id: "laws-title" }, making ? capital(offer.words) : "What the laws let you do now"),
      body));
  }
  return el("div", { class: "laws" }, parts);
}

/** The choices an action needs, each a group of buttons, then "Make it" and "Back". */
function choosing(offer, state, send, waiting) {
  const picked = making.picked;
  const groups = offer.choose.map((c, gi) => {
    let buttons;
    if (c.cards) {
      const chosen = c.count > 1 ? picked[c.field] || [] : [picked[c.field]];
      buttons = sortHand(c.cards, state.view.trump).map((card) => {
        const on = chosen.includes(card);
        return el("button", { class: `secondary pick${on ? " on" : ""}`, "aria-pressed": String(on), "data-laws": `${gi}-${card}`, "data-pick": card,
          onclick: () => {
            if (c.count > 1) {
              const now = on ? chosen.filter((x) => x !== card) : [...chosen, card].slice(-c.count);
              picked[c.field] = now;
            } else picked[c.field] = card;
            rerender();
          } }, cardText(card).slice(0, -1), suitSpan(card[0]));
      });
    } else {
      buttons = c.options.map((o, oi) => {
        const on = c.field in picked && picked[c.field] === o.value;
        return el("button", { class: `secondary pick${on ? " on" : ""}`, "aria-pressed": String(on), "data-laws": `${gi}-o${oi}`,
          onclick: () => { picked[c.field] = o.value; rerender(); } }, capital(o.words));
      });
    }
    const label = c.count > 1 ? `${capital(c.words)} (choose ${c.count})` : capital(c.words);
    return el("div", { class: "laws-choice", role: "group", "aria-label": label }, el("div", { class: "label" }, label), el("div", { class: "picks" }, buttons));
  });
  const done = offer.choose.every((c) => (c.count > 1 ? (picked[c.field] || []).length === c.count : c.field in picked && (c.cards ? picked[c.field] : true)));
  return [
    ...groups,
    el("div", { class: "actions" },
      el("button", { class: "secondary", "data-laws": "back", onclick: () => { making = null; rerender(); } }, "Back"),
      el("button", { "data-laws": "make", disabled: !done || waiting || null,
        onclick: () => {
          const action = { ...offer.action, ...picked };
          making = null;
          open = false;
          send(action);
        } }, "Make it")),
  ];
}

let rerender = () => {};

/** The table's render, called when the panel changes. */
export function onLawsChange(render) {
  rerender = () => {
    const key = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.laws : null;
    render();
    refocusLaws(key || "toggle");
  };
}

/** Put the focus back on the panel's element `key` after the felt is drawn again (or on the
 * panel's first button); whether it was found. */
export function refocusLaws(key) {
  if (!key) return false;
  const target = document.querySelector(`[data-laws="${key}"]`) || (open ? document.querySelector("#laws-panel button") : null);
  if (target) target.focus({ preventScroll: true });
  return Boolean(target);
}
