// Replay of a finished sitting: every hand open, card by card.
import { api, bySuit, cardImg, el, screenPositions, SUIT_NAME } from "/static/common.js";

const tableId = location.pathname.split("/").filter(Boolean).pop();
const felt = document.getElementById("felt");
const slider = document.getElementById("slider");
const caption = document.getElementById("caption");
const info = document.getElementById("info");
let data = null;
let at = 0;
let timer = null;

// What happened at a frame: the core's words, sent by the server.
function describe(f) {
  if (!f.action) return "The table before the cut.";
  return f.text.length ? f.text.join(" ") : "";
}

/** A side or score key in words, from the game's declared sides. */
function sideWords(key) {
  const side = data.info.sides.find((s) => s.key === key);
  return side ? side.name : key;
}

/** The name at a seat, or what the game calls the hand there (a dummy, a dead hand). */
function seatName(f, seat) {
  const s = data.info.seats.find((x) => x.seat === seat);
  return f.names[seat] || (s && s.kind === "dummy" ? data.info.dummy_name : "");
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
    const name = seatName(f, seat);
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
    el("div", {}, `Points: ${Object.entries(f.score).map(([k, v]) => `${sideWords(k)} ${v}`).join(" – ")}; tricks ${Object.entries(f.won).map(([k, v]) => `${sideWords(k)} ${v}`).join(" – ")}`),
    el("h2", {}, "Games finished"),
    el("ul", {}, sheet.map((g, k) => el("li", {}, `${k + 1}. ${Object.entries(g.roles || {}).map(([r, n]) => `${r} ${n}`).join(", ")}: ${sideWords(g.winner)} win, value ${g.value}`))),
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
