// Replay of a finished sitting: every hand open, card by card.
import { api, bySuit, cardImg, cardText, el, ROLE_NAME, screenPositions, SUIT_NAME } from "/static/common.js";

const tableId = location.pathname.split("/").filter(Boolean).pop();
const felt = document.getElementById("felt");
const slider = document.getElementById("slider");
const caption = document.getElementById("caption");
const info = document.getElementById("info");
let data = null;
let at = 0;
let timer = null;

function describe(f) {
  const a = f.action;
  if (!a) return "The table before the cut.";
  const role = (seat) => `${f.names[seat] || "Mort"} (${f.roles[seat]})`;
  switch (a.type) {
    case "Play": return `${role(a.seat)} plays ${cardText(a.card)}`;
    case "Cut": return `A cut: ${cardText(a.card)}`;
    case "Deal": return `The deal: ${cardText(f.turn_up)} turned up, ${SUIT_NAME[f.trump]} trumps`;
    case "ChooseSeats": return "The adversaries take their seats";
    case "ChooseDeal": return a.for_mort ? "Vivant deals for Mort" : "Vivant deals for himself";
    default: return a.type;
  }
}

function show(i) {
  at = Math.max(0, Math.min(i, data.frames.length - 1));
  slider.value = at;
  const f = data.frames[at];
  document.getElementById("pos").textContent = `${at} / ${data.frames.length - 1}`;
  caption.textContent = describe(f);
  const pos = screenPositions("N");
  const nodes = [];
  for (const seat of "NESW") {
    const p = pos[seat];
    const suits = bySuit(f.hands[seat]);
    const hand = el("div", { class: "dummy" }, ["S", "H", "C", "D"].filter((s) => suits[s].length).map((s) =>
      el("div", { class: "col" }, suits[s].map((c) => cardImg(c)))));
    const name = f.names[seat] || (f.roles[seat] === "M" ? "Mort" : "");
    nodes.push(el("div", { class: `seat ${p}` },
      el("div", { class: "plate" }, el("span", { class: `role ${f.roles[seat]}` }, f.roles[seat]), name,
        f.dealer === seat ? el("span", { class: "chip" }, "dealer") : null),
      f.hands[seat].length ? hand : null));
  }
  const shown = f.trick && f.trick.cards.length ? f.trick : f.last_trick;
  if (shown) {
    const area = el("div", { class: `trick${shown === f.last_trick ? " done" : ""}` });
    const lead = "NESW".indexOf(shown.leader);
    shown.cards.forEach((c, k) => {
      const seat = "NESW"[(lead + k) % 4];
      area.append(cardImg(c, { class: `card pos-${pos[seat]}${shown.winner === seat ? " winner" : ""}` }));
    });
    nodes.push(area);
  }
  felt.replaceChildren(...nodes);
  const sheet = f.sheet || [];
  info.replaceChildren(
    el("div", {}, `Game ${f.game || 1}`, f.trump ? ` · ${SUIT_NAME[f.trump]} trumps` : ""),
    el("div", {}, `Points: VM ${f.score.VM ?? 0} – LR ${f.score.LR ?? 0}; tricks VM ${f.won.VM ?? 0} – LR ${f.won.LR ?? 0}`),
    el("h2", {}, "Games finished"),
    el("ul", {}, sheet.map((g, k) => el("li", {}, `${k + 1}. ${ROLE_NAME.V} ${g.roles.V}: ${g.winner} win, value ${g.value}`))),
  );
}

function play() {
  if (timer) {
    clearInterval(timer);
    timer = null;
    document.getElementById("play").textContent = "▶ play";
    return;
  }
  document.getElementById("play").textContent = "❚❚ pause";
  timer = setInterval(() => {
    if (at >= data.frames.length - 1) return play();
    show(at + 1);
  }, 450);
}

async function start() {
  try {
    data = await api(`/api/tables/${tableId}/replay`);
  } catch (e) {
    felt.replaceChildren(el("div", { class: "center-note" }, e.message));
    return;
  }
  document.getElementById("title").textContent = data.title || `table ${tableId}`;
  slider.max = data.frames.length - 1;
  slider.oninput = () => show(Number(slider.value));
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("prev").onclick = () => show(at - 1);
  document.getElementById("next").onclick = () => show(at + 1);
  document.getElementById("last").onclick = () => show(data.frames.length - 1);
  document.getElementById("play").onclick = play;
  const firstDeal = data.frames.findIndex((f) => f.action && f.action.type === "Deal");
  show(Math.max(0, firstDeal));
}

start();
