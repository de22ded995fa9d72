// Replay of a finished sitting, every hand open: by card, by trick and by hand, with the keyboard,
// and beside each card the solver's value with every hand open (tricks for its side from there on).
import { api, bySuit, cardImg, cardText, el, screenPositions, SUIT_NAME } from "/static/common.js";

const tableId = location.pathname.split("/").filter(Boolean).pop();
const felt = document.getElementById("felt");
const slider = document.getElementById("slider");
const caption = document.getElementById("caption");
const info = document.getElementById("info");
const analysisBox = document.getElementById("analysis");
let data = null;
let at = 0;
let timer = null;
let hands = []; // frame indices where a hand is dealt
let trickEnds = []; // frame indices where a trick is complete
const values = new Map(); // frame index -> the solver's values there (a promise, then the answer)

/** The name at a seat, or what the game calls the hand there (a dummy, a dead hand). */
function nameOf(f, seat) {
  const s = data.info.seats.find((x) => x.seat === seat);
  return f.names[seat] || (s && s.kind === "dummy" ? data.info.dummy_name : (s && s.role) || seat);
}

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

/** The seat that played the i-th card of a trick (two-hand games skip seats). */
function playedBy(trick, i) {
  if (trick.seats && trick.seats[i]) return trick.seats[i];
  return "NESW"[("NESW".indexOf(trick.leader) + i) % 4];
}

function handOf(f, seat, pos, valued) {
  const suits = bySuit(f.hands[seat]);
  const unlooked = (f.unlooked || []).includes(seat);
  return el("div", { class: `dummy${unlooked ? " unlooked" : ""}` }, ["S", "H", "C", "D"].filter((s) => suits[s].length).map((s) =>
    el("div", { class: "col" }, suits[s].map((c) => {
      const v = valued && c in valued.values ? valued.values[c] : null;
      const best = v !== null && valued.best.includes(c);
      return el("span", { class: `slot${best ? " best" : ""}` },
        cardImg(c, v === null ? {} : { alt: `${cardText(c)}: ${v} tricks with best play` }),
        v === null ? null : el("span", { class: `dd${best ? " best" : ""}`, "aria-hidden": "true" }, String(v)));
    }))));
}

function show(i) {
  at = Math.max(0, Math.min(i, data.frames.length - 1));
  slider.value = at;
  slider.setAttribute("aria-valuetext", `event ${at} of ${data.frames.length - 1}`);
  const f = data.frames[at];
  document.getElementById("pos").textContent = `${at} / ${data.frames.length - 1}`;
  const handNo = hands.filter((h) => h <= at).length;
  caption.textContent = `${handNo ? `Hand ${handNo}` : "Before the first deal"}: ${describe(f)}`;
  const answer = values.get(at);
  draw(f, answer && !(answer instanceof Promise) ? answer : null);
  analyse(at);
}

function draw(f, valued) {
  const pos = screenPositions("S");
  const nodes = [];
  for (const seat of "NESW") {
    if (!f.names[seat] && !f.hands[seat].length && f.roles[seat] !== "M") continue; // nobody sits there
    const p = pos[seat];
    nodes.push(el("div", { class: `seat ${p}` },
      el("div", { class: "plate" }, el("span", { class: `role ${f.roles[seat]}` }, f.roles[seat]), el("span", {}, nameOf(f, seat)),
        f.dealer === seat ? el("span", { class: "chip" }, "dealer") : null),
      f.hands[seat].length ? handOf(f, seat, p, valued && valued.seat === seat ? valued : null) : null,
      (f.unlooked || []).includes(seat) ? el("span", { class: "unlooked" }, "not yet looked at") : null));
  }
  const shown = f.trick && f.trick.cards.length ? f.trick : f.last_trick;
  if (shown) {
    const area = el("div", { class: `trick${shown === f.last_trick ? " done" : ""}` });
    shown.cards.forEach((c, k) => {
      const seat = playedBy(shown, k);
      area.append(cardImg(c, { class: `card pos-${pos[seat]}${shown === f.last_trick && shown.winner === seat ? " winner" : ""}` }));
    });
    nodes.push(area);
  }
  felt.replaceChildren(...nodes);
  const sheet = f.sheet || [];
  info.replaceChildren(...[
    el("div", {}, `Game ${f.game || 1}`, f.trump ? ` · ${SUIT_NAME[f.trump]} trumps` : ""),
    el("div", {}, `Points: ${Object.entries(f.score || {}).map(([k, v]) => `${sideWords(k)} ${v}`).join(" – ")}; tricks ${Object.entries(f.won || {}).map(([k, v]) => `${sideWords(k)} ${v}`).join(" – ")}`),
    sheet.length ? el("h2", {}, "Games finished") : null,
    sheet.length ? el("ol", {}, sheet.map((g) => el("li", {}, `${Object.entries(g.roles || {}).map(([r, n]) => `${r} ${n}`).join(", ")}: ${sideWords(g.winner)} win, value ${g.value}`))) : null,
  ].filter(Boolean));
}

/** Ask the server for the solver's values of the cards at frame i (once; shown when they come,
 * if the replay is still there). */
function analyse(i) {
  const f = data.frames[i];
  if (f.phase !== "play") {
    analysisBox.replaceChildren();
    return;
  }
  const known = values.get(i);
  if (known && !(known instanceof Promise)) {
    say(known, f);
    return;
  }
  analysisBox.replaceChildren(el("p", { class: "hint" }, "The solver is looking…"));
  if (known) return;
  const asked = api(`/api/tables/${tableId}/analysis/${f.seq}`).then((answer) => {
    values.set(i, answer);
    if (at === i) {
      draw(f, answer);
      say(answer, f);
    }
  }, (err) => {
    values.delete(i);
    if (at === i) analysisBox.replaceChildren(el("p", { class: "hint" }, err.message));
  });
  values.set(i, asked);
}

function say(answer, f) {
  if (!answer.seat) {
    analysisBox.replaceChildren();
    return;
  }
  const ranked = Object.entries(answer.values).sort((a, b) => b[1] - a[1]);
  analysisBox.replaceChildren(
    el("h2", {}, "The solver's analysis, every hand open"),
    el("p", {}, `${nameOf(f, answer.seat)} (${f.roles[answer.seat]}) to play. ${answer.explains}:`),
    el("ul", { class: "dd-list" }, ranked.map(([c, v]) => el("li", { class: answer.best.includes(c) ? "best" : "" }, `${cardText(c)}: ${v}`))));
}

function play() {
  const button = document.getElementById("play");
  if (timer) {
    clearInterval(timer);
    timer = null;
    button.textContent = "▶ Play";
    button.setAttribute("aria-label", "Play the replay");
    return;
  }
  button.textContent = "❚❚ Pause";
  button.setAttribute("aria-label", "Pause the replay");
  timer = setInterval(() => {
    if (at >= data.frames.length - 1) return play();
    show(at + 1);
  }, 450);
}

/** The next (step 1) or previous (step -1) frame of `marks` from the one shown. */
function jump(marks, step) {
  const target = step > 0 ? marks.find((m) => m > at) : [...marks].reverse().find((m) => m < at);
  show(target ?? (step > 0 ? data.frames.length - 1 : 0));
}

document.addEventListener("keydown", (e) => {
  if (!data || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target === slider && e.key.startsWith("Arrow")) return; // the slider moves by itself
  const keys = {
    ArrowLeft: () => show(at - 1),
    ArrowRight: () => show(at + 1),
    ArrowUp: () => jump(trickEnds, -1),
    ArrowDown: () => jump(trickEnds, 1),
    PageUp: () => jump(hands, -1),
    PageDown: () => jump(hands, 1),
    Home: () => show(hands.length ? hands[0] : 0),
    End: () => show(data.frames.length - 1),
  };
  if (keys[e.key]) {
    e.preventDefault();
    keys[e.key]();
  } else if (e.key === " " && !(e.target.matches && e.target.matches("button"))) {
    e.preventDefault();
    play();
  }
});

async function start() {
  try {
    data = await api(`/api/tables/${tableId}/replay`);
  } catch (e) {
    felt.replaceChildren(el("div", { class: "center-note" }, e.message));
    return;
  }
  document.getElementById("title").textContent = data.title || `table ${tableId}`;
  data.frames.forEach((f, i) => {
    if (f.action && f.action.type === "Deal") hands.push(i);
    if (f.action && f.action.type === "Play" && !(f.trick && f.trick.cards.length)) trickEnds.push(i);
  });
  slider.max = data.frames.length - 1;
  slider.oninput = () => show(Number(slider.value));
  document.getElementById("first").onclick = () => show(hands.length ? hands[0] : 0);
  document.getElementById("prev-hand").onclick = () => jump(hands, -1);
  document.getElementById("prev-trick").onclick = () => jump(trickEnds, -1);
  document.getElementById("prev").onclick = () => show(at - 1);
  document.getElementById("next").onclick = () => show(at + 1);
  document.getElementById("next-trick").onclick = () => jump(trickEnds, 1);
  document.getElementById("next-hand").onclick = () => jump(hands, 1);
  document.getElementById("last").onclick = () => show(data.frames.length - 1);
  document.getElementById("play").onclick = play;
  show(hands.length ? hands[0] : 0);
}

start();
