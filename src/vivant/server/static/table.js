// The card table: one websocket, the viewer's own state from the server, intents sent back.
import {
  actionLabel, api, bySuit, cardImg, cardText, decisionTitle, el, eventText, preloadCards,
  screenPositions, seatInfo, sideName, sortHand, SUIT_NAME, suitSpan,
} from "/static/common.js";
import { conventionsBar } from "/static/conventions.js";
import { askOutOfTurn, lawsPanel, onLawsChange, outOfTurnWords, refocusLaws } from "/static/laws.js";

const tableId = location.pathname.split("/").filter(Boolean).pop();
/** The page of the Duplicate event this table is a round of, if this browser came from it. */
const eventPage = localStorage.getItem(`vivant.event-of.${tableId}`);
if (eventPage) {
  const lobby = document.querySelector(".topbar a[href='/']:not(.brand)");
  lobby?.before(el("a", { href: eventPage, "data-event": "link", style: "margin-right:14px" }, "Event"));
}
const tokenKey = `vivant.token.${tableId}`;
const params = new URLSearchParams(location.search);
let token = params.get("token");
if (token) {
  localStorage.setItem(tokenKey, token);
  history.replaceState(null, "", location.pathname);
} else {
  token = localStorage.getItem(tokenKey);
}

const felt = document.getElementById("felt");
const announcer = document.getElementById("announce");
const keysHelp = document.getElementById("keys");
const side = document.getElementById("side");
const connDot = document.getElementById("conn-dot");
const connText = document.getElementById("conn-text");

let ws = null;
let lastSeq = null;
let state = null;
let people = [];
let you = null;
let summary = null;
let game = null; // the game's declared metadata, from /api/variants
let rules = "";
let log = [];
let counter = 0;
let waiting = false; // an intent is on its way
let retry = 500;
let toastTimer = null;
let acceptSeed = null; // a table's fixed seed, once this person has agreed to play by it
let myTurn = false; // whether the last state waited for this person
let loggedSeq = 0; // the log holds every event up to this sequence number
const logList = el("ol", { class: "log", tabindex: "0", "aria-label": "The play, newest first", reversed: true });
let inbox = []; // welcomes and updates not yet shown (a finished trick or a hand summary holds them)
let holding = false;
const summaryBox = document.getElementById("summary");

/** The table's pauses, a person's settings kept in this browser: how long a finished trick
 * stays before the next card is shown, and how long the hand summary stays (milliseconds). */
const PACE_KEY = "vivant.pace";
const pace = { trick: 1200, summary: 8000, hints: false, ...JSON.parse(localStorage.getItem(PACE_KEY) || "{}") };
let hintShown = null; // the last hint the server gave, with the event it was for
let botDelay = null; // the computer players' pause at this table, in seconds (the server says)

/** Say something to a screen reader (the live region); the newest words replace the last. */
function announce(lines) {
  if (lines.length) announcer.textContent = lines.join(". ");
}

/** Whether the table's connection is open; if it is not, the person is told that nothing
 * was sent (a click while the page reconnects would otherwise do nothing at all). */
function connected() {
  if (ws && ws.readyState === WebSocket.OPEN) return true;
  toast("Not connected: the table is reconnecting and nothing was sent. Try again once it is back.", true);
  return false;
}

/** Send a message that is not an intent (a hint asked for, the pace, an offer's answer). */
function say(message) {
  if (!connected()) return false;
  ws.send(JSON.stringify(message));
  return true;
}

/** Send an intent; ``false`` if it cannot go now (not connected, or the last one not yet
 * answered), and the choice stays offered. */
function send(action) {
  if (waiting || !connected()) return false;
  counter += 1;
  const id = `${Date.now().toString(36)}-${counter}`;
  waiting = true;
  // The state the choice was made at: the server refuses it as stale if the table moved past it.
  ws.send(JSON.stringify({ type: "action", id, action, seq: lastSeq ?? 0 }));
  render();
  return true;
}

function toast(text, soft = false) {
  const old = felt.querySelector(".toast");
  if (old) old.remove();
  felt.append(el("div", { class: soft ? "toast soft" : "toast", role: soft ? "status" : "alert" }, text));
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => felt.querySelector(".toast")?.remove(), 5000);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  ws.onopen = () => {
    // The first welcome carries the whole event history: the log of the sitting after a reload.
    const hello = { type: "hello", token, last_seq: lastSeq ?? 0 };
    if (acceptSeed !== null) hello.accept_seed = acceptSeed;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (e) => handle(JSON.parse(e.data));
  ws.onclose = (e) => {
    setConn(false);
    waiting = false;
    if (e.code === 4404) {
      felt.replaceChildren(el("div", { class: "center-note" }, "There is no such table. ", el("a", { href: "/" }, "Back to the lobby")));
      return;
    }
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function setConn(on) {
  connDot.className = `dot ${on ? "on" : "off"}`;
  connText.textContent = on ? (you ? `seated as ${you}` : "watching") : "reconnecting…";
}

function remember(ev, before) {
  // The core's words for an event (sent with it); the words are returned.
  const lines = eventText(ev);
  if (ev.seq > loggedSeq) {
    loggedSeq = ev.seq;
    for (const line of lines) {
      log.unshift(line);
      logList.prepend(el("li", {}, line));
    }
  }
  return lines;
}

/** Whether the state waits for this person, and the words that say so. */
function turnWords() {
  if (!state || !state.seat || !state.legal.length || state.status === "over") return null;
  if (state.legal.some((a) => a.type === "Play")) {
    const seat = state.legal.find((a) => a.type === "Play").seat;
    return seat === state.seat ? "Your turn: play a card" : `Your turn: play a card from ${seatName(state.view, seat)}'s hand`;
  }
  return `Your turn: ${decisionTitle(state)[0]}`;
}

function handle(m) {
  if (m.type === "welcome" || m.type === "update") {
    inbox.push(m);
    pump();
  } else {
    show(m);
  }
}

/** Show the messages waiting, in order, until one asks for a pause: a finished trick stays
 * `pace.trick` ms before the next card is shown, a hand summary until dismissed or
 * `pace.summary` ms have passed. */
function pump() {
  while (inbox.length && !holding) {
    const m = inbox.shift();
    const before = state;
    show(m);
    const kinds = m.type === "update" ? (m.events || []).map((e) => e.kind) : [];
    if (kinds.includes("hand_scored")) {
      openSummary(m, before);
      hold(pace.summary, true);
    } else if (kinds.includes("trick") && pace.trick > 0) {
      hold(pace.trick, false);
    }
  }
}

let holdTimer = null;

function hold(ms, summary) {
  holding = true;
  clearTimeout(holdTimer);
  holdTimer = setTimeout(() => release(summary), ms);
}

function release(summary) {
  clearTimeout(holdTimer);
  holding = false;
  if (summary) closeSummary();
  pump();
}

function show(m) {
  switch (m.type) {
    case "welcome":
      retry = 500;
      if (m.token) {
        // The invitation is used up: this page keeps the seat's own new token.
        token = m.token;
        localStorage.setItem(tokenKey, token);
      }
      you = m.you;
      people = m.people;
      for (const ev of m.missed) remember(ev);
      lastSeq = m.seq;
      state = m.state;
      setConn(true);
      {
        const turn = turnWords();
        announce([you ? `You are seated as ${you}` : "You are watching", ...(turn ? [turn] : [])]);
        myTurn = turn !== null;
      }
      render();
      break;
    case "update":
      if (lastSeq !== null && m.seq > lastSeq + 1) {
        ws.send(JSON.stringify({ type: "resync", last_seq: lastSeq }));
      }
      {
        if ((m.events || []).some((e) => e.kind === "hand_scored")) {
          // How many hands this page has seen scored (read by the browser tests).
          document.body.dataset.handsScored = String(Number(document.body.dataset.handsScored || 0) + 1);
        }
        const said = remember(m, state);
        state = m.state;
        lastSeq = m.seq;
        const turn = turnWords();
        announce(turn && !myTurn ? [...said, turn] : said);
        myTurn = turn !== null;
      }
      render();
      break;
    case "ack":
      waiting = false;
      break;
    case "error":
      waiting = false;
      if (m.code === "bad_token") {
        localStorage.removeItem(tokenKey);
        token = null;
        toast(`${m.message} — you are watching as a spectator.`);
        return;
      }
      if (m.code === "seed_not_accepted" && summary && summary.seed !== null) {
        // The server closes this connection; the next one sits, or watches.
        if (confirm(`This table is dealt from the fixed seed ${summary.seed}, which its creator chose and so can know every deal. Sit down on those terms?`)) acceptSeed = summary.seed;
        else token = null;
        return;
      }
      // A choice the table moved past (a partner acted first) is told softly: nothing went wrong.
      toast(m.message, m.code === "stale");
      render();
      break;
    case "presence":
      people = m.people;
      renderSide();
      break;
    case "pace":
      botDelay = m.bot_delay;
      renderSide();
      break;
    case "hint":
      hintShown = m;
      announce([hintWords(m)]);
      render();
      break;
    case "notice":
      // Only a pause is a fault (the record cannot be written); the rest is news, told softly.
      toast(m.message, m.code !== "paused");
      break;
    default:
      break;
  }
}

// --- the felt -----------------------------------------------------------------------------------

function seatName(v, seat) {
  if (v.names[seat]) return v.names[seat];
  const info = seatInfo(game, v.roles[seat]);
  if ((info && info.kind === "dummy") || v.exposed[seat]) return game ? game.dummy_name : "Dummy";
  return v.hand_sizes[seat] ? "Dead hand" : "—";
}

function personOf(name) {
  return people.find((p) => p.name === name);
}

function plate(v, seat, isTurn) {
  const role = v.roles[seat];
  const name = seatName(v, seat);
  const person = personOf(v.names[seat]);
  const meta = [];
  if (person && person.kind !== "human") meta.push(`computer · ${person.kind}`);
  const info = seatInfo(game, role);
  if (info && info.kind === "dummy") meta.push(`${game.dummy_name}'s hand, played by its partner`);
  if (seat === state.seat) meta.push("you");
  return el(
    "div",
    { class: `plate${isTurn ? " turn" : ""}`, "data-seat": seat },
    el("span", { class: `role ${role}`, title: (info && info.role) || role }, role),
    el("span", {}, name),
    meta.length ? el("span", { class: "meta" }, meta.join(" · ")) : null,
    v.dealer === seat ? el("span", { class: "chip" }, "dealer") : null,
    turnUpOnPlate(v, seat),
    person && person.kind === "human" && !person.present ? el("span", { class: "away" }, "away") : null,
  );
}

const RANK_WORD = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten" };

/** A card in words, for screen readers: "the queen of hearts". */
function cardWords(c) {
  return `the ${RANK_WORD[c[1]] || c[1]} of ${SUIT_NAME[c[0]]}`;
}

/** Attributes that make a card one a person can play with a tap, a click or the keyboard; a
 * card out of turn (`law`: the law that then applies, the server's words) is confirmed first. */
function playable(seat, c, correct, law = null) {
  const play = () => (law ? askOutOfTurn(seat, c, law, send) : send({ type: "Play", seat, card: c }));
  return {
    tabindex: "0",
    role: "button",
    "aria-label": correct ? `Play ${cardWords(c)}` : law ? `Play ${cardWords(c)} out of turn` : `Play ${cardWords(c)} (not a correct card here)`,
    onclick: play,
    onkeydown: (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        play();
      }
    },
  };
}

function legalPlays(seat) {
  const plays = new Set();
  if (!state || waiting) return plays;
  for (const a of state.legal) if (a.type === "Play" && a.seat === seat) plays.add(a.card);
  return plays;
}

function lawsAnyCard(seat) {
  // In laws mode a person may physically play any card he holds when his hand is to play.
  const v = state.view;
  return summary && summary.laws && v.phase === "play" && v.to_play === seat && state.legal.some((a) => a.type === "Play");
}

function handOf(v, seat, pos) {
  const mine = seat === state.seat;
  const controlled = state.seat && v.controls.includes(seat);
  if (mine) {
    const legal = legalPlays(seat);
    const any = lawsAnyCard(seat);
    const law = waiting ? null : outOfTurnWords(state, seat);
    const cards = sortHand(v.hand, v.trump);
    const card = (c) => {
      // Correct cards are raised; in laws mode any other card may still be played (a revoke),
      // and out of turn where the laws record it (confirmed with the law that applies).
      const correct = legal.has(c);
      const irregular = !correct && (any || law) && !waiting;
      const dim = v.phase === "play" && legal.size > 0 && !correct;
      return cardImg(c, {
        class: `card${correct ? " legal" : ""}${irregular ? (any ? " any" : " outturn") : ""}${dim ? " dim" : ""}${turnUpMark(v, seat, c)}`,
        title: irregular ? (any ? "not a correct card here: the laws will deal with it" : "not this hand's turn: the laws will deal with it") : null,
        ...(correct || irregular ? playable(seat, c, correct, any ? null : law) : {}),
      });
    };
    // One run a suit: on a phone the hand wraps between suits, a suit going whole to the next
    // row when it does not fit (and only a suit longer than a row breaks inside).
    const runs = [];
    for (const c of cards) {
      if (runs.length && runs[runs.length - 1][0][0] === c[0]) runs[runs.length - 1].push(c);
      else runs.push([c]);
    }
    return el("div", { class: "hand mine" }, runs.map((run) =>
      el("span", { class: "suit-run" }, run.map(card))));
  }
  if (v.exposed[seat]) {
    const legal = controlled ? legalPlays(seat) : new Set();
    const any = controlled && lawsAnyCard(seat);
    const law = controlled && !waiting ? outOfTurnWords(state, seat) : null;
    const suits = bySuit(v.exposed[seat]);
    const order = [...new Set(sortHand(["SA", "HA", "DA", "CA"], v.trump).map((c) => c[0]))];
    return el("div", { class: "dummy" }, order.filter((s) => suits[s].length).map((s) =>
      el("div", { class: "col" }, suits[s].map((c) => {
        const correct = legal.has(c);
        const irregular = !correct && (any || law) && !waiting;
        return cardImg(c, {
          class: `card${correct ? " legal" : ""}${irregular ? (any ? " any" : " outturn") : ""}${legal.size && !correct ? " dim" : ""}${turnUpMark(v, seat, c)}`,
          ...(correct || irregular ? playable(seat, c, correct, any ? null : law) : {}),
        });
      }))));
  }
  const n = v.hand_sizes[seat] || 0;
  const backs = [];
  for (let i = 0; i < n; i++) backs.push(cardImg(null));
  return el("div", { class: `hand backs ${pos}` }, backs);
}

/** The seat that played the i-th card of a trick (the trick says; two-hand games skip seats). */
function playedBy(trick, i) {
  if (trick.seats && trick.seats[i]) return trick.seats[i];
  return "NESW"[("NESW".indexOf(trick.leader) + i) % 4];
}

function trickArea(v, pos) {
  const area = el("div", { class: "trick" });
  const cur = v.trick;
  let shown = cur && cur.cards.length ? cur : null;
  let done = false;
  if (!shown && v.tricks.length) {
    shown = v.tricks[v.tricks.length - 1];
    done = true;
  }
  if (!shown) return [area, null];
  shown.cards.forEach((c, i) => {
    const seat = playedBy(shown, i);
    const winner = done && shown.winner === seat;
    area.append(cardImg(c, { class: `card pos-${pos[seat]}${winner ? " winner" : ""}` }));
  });
  if (done) area.classList.add("done");
  const caption = done
    ? el("div", { class: "trick-caption" }, `Trick ${v.tricks.length} to ${seatName(v, shown.winner)} (${v.roles[shown.winner]})`)
    : el("div", { class: "trick-caption" }, `Trick ${v.tricks.length + 1}`);
  return [area, caption];
}

function centerNote(v) {
  const who = state.waiting_for;
  if (state.status === "over") return "The sitting is over.";
  if (v.phase === "cut") return "Cutting for partners and deal…";
  if (v.phase === "choose") return who ? `Waiting for ${who}…` : "";
  if (v.phase === "deal") return "Shuffling and dealing…";
  if (v.phase === "play" && !v.tricks.length && !v.trick.cards.length) {
    const lead = v.to_play;
    return lead ? `${seatName(v, lead)} (${v.roles[lead]}) leads` : "";
  }
  if (v.phase === "claims" || v.phase === "penalty") return who ? `Waiting for ${who} to decide…` : "";
  if (v.phase !== "play") return who ? `Waiting for ${who}…` : "";
  return null;
}

/** Hints are offered at casual tables only, once this person has turned them on. */
function hintsOn() {
  return pace.hints && summary && !summary.laws && state && state.seat && state.legal.length && state.status !== "over";
}

function hintWords(h) {
  if (!h.card) {
    const i = state.legal.findIndex((a) => JSON.stringify(a) === JSON.stringify(h.action));
    return `Hint: ${i >= 0 ? actionLabel(state, i) : h.action.type}`;
  }
  if (h.tricks === null || h.tricks === undefined) {
    return `Hint: play ${cardText(h.card)}${h.reach ? ` (the maxims' card: the computer samples and searches ${h.reach})` : ""}`;
  }
  return `Hint: play ${cardText(h.card)}, about ${h.tricks} ${h.counts} (${h.samples} sampled deals)`;
}

function hintBar() {
  if (!hintsOn()) return null;
  const fresh = hintShown && hintShown.seq === lastSeq;
  return el("div", { class: "hintbar" },
    el("button", { class: "secondary", id: "hint", onclick: () => say({ type: "hint" }) }, "Hint (H)"),
    fresh ? el("span", { role: "status" }, hintWords(hintShown)) : null);
}

function decisionPanel(v) {
  const choices = state.legal.map((a, i) => [a, i]).filter(([a]) => a.type !== "Play");
  if (!choices.length || waiting) return null;
  const [title, text] = decisionTitle(state);
  // A long list (Boston's calls) goes in two columns: the hand below stays in view to bid on.
  return el("div", { class: choices.length > 6 ? "decision many" : "decision" },
    el("h3", {}, title),
    text ? el("p", {}, text) : null,
    el("div", { class: "options" }, choices.map(([a, i]) => choiceButton(a, i))));
}

/** A decision's button, keyed by the state it was offered in: once the table has moved on (a
 * computer partner chose first), a click on it does nothing; the new state's buttons replace it. */
function choiceButton(a, i) {
  const at = lastSeq;
  return el("button", { onclick: () => { if (lastSeq === at) send(a); }, "data-action": a.type, "data-seq": String(at) }, actionLabel(state, i));
}

/** The turn-up while it lies in the dealer's hand: marked on the card itself where the hand is
 * in view, else drawn once, small, on the dealer's plate (never over his hand, never twice). */
function turnUpMark(v, seat, c) {
  return v.turn_up && v.turn_up_in_dealers_hand && v.dealer === seat && c === v.turn_up ? " turned" : "";
}

function turnUpOnPlate(v, seat) {
  if (!v.turn_up || !v.turn_up_in_dealers_hand || v.dealer !== seat) return null;
  if (seat === state.seat || v.exposed[seat]) return null; // marked in the hand in view
  return el("span", { class: "turnup" }, cardImg(v.turn_up, { class: "card" }), "turn-up");
}

function render() {
  if (!state) return;
  const v = state.view;
  const bottom = state.seat || "N";
  const pos = screenPositions(bottom);
  const turnSeat = v.phase === "play" ? v.to_play : v.to_act;
  const nodes = [];
  for (const seat of "NESW") {
    const p = pos[seat];
    const held = seatInfo(game, v.roles[seat]);
    if (!v.names[seat] && !v.hand_sizes[seat] && !(held && held.kind === "dummy")) continue; // nobody sits there
    const hand = v.hand_sizes[seat] ? handOf(v, seat, p) : null;
    nodes.push(el("div", { class: `seat ${p}`, id: `seat-${p}` }, plate(v, seat, seat === turnSeat && state.status !== "over"), hand));
  }
  const [trick, caption] = v.phase === "play" || v.phase === "claims" || v.phase === "penalty" ? trickArea(v, pos) : [null, null];
  if (trick) nodes.push(trick);
  if (caption) nodes.push(caption);
  const note = centerNote(v);
  const decision = decisionPanel(v);
  if (decision) nodes.push(decision);
  else if (note && !(trick && trick.childElementCount)) nodes.push(el("div", { class: "center-note" }, note));
  const bar = hintBar();
  if (bar) nodes.push(bar);
  const laws = lawsPanel(state, send, waiting);
  if (laws) nodes.push(laws);
  if (state.status === "over" && state.record) nodes.push(finalSheet(state.record));
  const old = felt.querySelector(".toast");
  const active = document.activeElement;
  const focusedCard = active && active.dataset ? active.dataset.card : null;
  const focusHere = !active || active === document.body || felt.contains(active);
  const lawsKey = active && active.dataset ? active.dataset.laws : null;
  felt.replaceChildren(...nodes);
  if (old) felt.append(old);
  renderSide();
  if (focusHere && keysHelp.hidden && summaryBox.hidden && !refocusLaws(lawsKey)) keepFocus(focusedCard);
}

/** After a new state: the focus stays on the card it was on, or goes to the first choice or
 * card this person may now play (so the keyboard always has something to act on). */
function keepFocus(card) {
  const target = (card && felt.querySelector(`[data-card="${card}"][tabindex]`))
    || felt.querySelector(".decision button")
    || felt.querySelector("[data-card][tabindex]");
  if (target) target.focus({ preventScroll: true });
}

// --- the hand summary ---------------------------------------------------------------------------

/** A field of the scored hand as the core names it, in words ("tricks_in_play" -> "Tricks in
 * play"); the tricks each side won are the core's "won". */
function fieldName(key) {
  const words = key === "won" ? "tricks" : key.replaceAll("_", " ");
  return words[0].toUpperCase() + words.slice(1);
}

/** The rows of the summary: the core's hand summary (tricks, honours, points, the score, each
 * penalty and why), each side named as the table names it. */
function summaryRows(s, v) {
  if (!s) return [];
  const figures = (o) => Object.entries(o || {}).map(([side, n]) => `${sideLabel(v, side)} ${n}`).join(", ");
  // Where a revoke penalty moved tricks, those taken before it and those counted (the core's).
  const moved = s.before_penalty && Object.keys(s.before_penalty).length;
  const rows = moved
    ? [["Tricks before the penalty", figures(s.before_penalty)], ["Tricks counted", figures(s.tricks)]]
    : [["Tricks", figures(s.tricks)]];
  if (s.honours && Object.keys(s.honours).length) rows.push(["Honours", figures(s.honours)]);
  if (Object.keys(s.points).length) rows.push(["Points", figures(s.points)]);
  if (Object.keys(s.score).length) rows.push(["Score", figures(s.score)]);
  // Each point of the hand the core names, with who took it and why (All Fours' High, Low…).
  for (const a of s.awards || []) rows.push([a.point, a.to ? `${sideLabel(v, a.to)}: ${a.words}` : a.words]);
  for (const p of s.penalties) rows.push(["Penalty", p.words]);
  return rows.map(([k, text]) => el("tr", {}, el("th", { scope: "row" }, k), el("td", {}, text)));
}

/** The last trick of the hand: the cards on the table before the update and those it played. */
function finalTrick(m, before) {
  const v = before ? before.view : null;
  if (!v) return null;
  const cards = [...(v.trick ? v.trick.cards : [])];
  const seats = [...(v.trick && v.trick.seats ? v.trick.seats : [])];
  for (const e of m.events || []) {
    if (e.kind !== "played" || !e.card) continue;
    cards.push(e.card);
    seats.push(Object.keys(v.roles).find((s) => v.roles[s] === e.seat) || null);
  }
  const won = (m.events || []).find((e) => e.kind === "trick");
  const winner = won ? Object.keys(v.roles).find((s) => v.roles[s] === won.winner) : null;
  if (!cards.length) return null;
  return el("div", { class: "last-trick", "aria-label": "The last trick" }, cards.map((c, i) => {
    const seat = seats[i] || (v.trick ? playedBy(v.trick, i) : null);
    return el("div", { class: `mini${seat && seat === winner ? " won" : ""}` }, cardImg(c), el("span", {}, seat ? seatName(v, seat) : ""));
  }));
}

function openSummary(m, before) {
  const v = (before || state).view;
  const scored = state && state.summary;
  const scoring = (m.events || []).filter((e) => e.kind === "hand_scored" || e.kind === "game_over");
  // The core's words for the scoring, said once (its figures are in the table below).
  const lines = eventText({ ...m, events: scoring });
  const box = el("div", { class: "sheet-card", role: "dialog", "aria-labelledby": "summary-title", "aria-describedby": "summary-words" },
    el("h2", { id: "summary-title" }, "The hand is scored"),
    // The log's words where they say more than the title (a game's end, its value).
    el("p", { id: "summary-words", class: "sub" }, lines.filter((l) => l !== "Hand scored").join(" ")),
    finalTrick(m, before),
    el("table", {}, el("tbody", {}, summaryRows(scored, v))),
    el("div", { class: "actions" }, el("button", { id: "summary-close", onclick: () => release(true) }, "Continue")));
  summaryBox.replaceChildren(box);
  summaryBox.hidden = false;
  announce([`The hand is scored. ${lines.join(" ")}`]);
  document.getElementById("summary-close").focus({ preventScroll: true });
}

function closeSummary() {
  if (summaryBox.hidden) return;
  summaryBox.hidden = true;
  summaryBox.replaceChildren();
  keepFocus(null);
}

// --- the keyboard -------------------------------------------------------------------------------

function lastTrickWords() {
  const v = state && state.view;
  if (!v || !v.tricks || !v.tricks.length) return "No trick has been played yet";
  const last = v.tricks[v.tricks.length - 1];
  const cards = last.cards.map((c, i) => `${seatName(v, playedBy(last, i))} ${cardWords(c)}`);
  return `Trick ${v.tricks.length}: ${cards.join(", ")}; won by ${seatName(v, last.winner)}`;
}

function showKeys(open) {
  keysHelp.hidden = !open;
  if (open) document.getElementById("keys-close").focus();
  else keepFocus(null);
}

document.getElementById("keys-close").addEventListener("click", () => showKeys(false));

document.addEventListener("keydown", (e) => {
  if (e.target.matches && e.target.matches("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "?") showKeys(keysHelp.hidden);
  else if (e.key === "Escape" && !keysHelp.hidden) showKeys(false);
  else if (e.key === "Escape" && !summaryBox.hidden) release(true);
  else if ((e.key === "h" || e.key === "H") && hintsOn()) say({ type: "hint" });
  else if (e.key === "l" || e.key === "L") {
    announce([lastTrickWords()]);
    document.getElementById("last-trick")?.focus();
  } else if (e.key === "s" || e.key === "S") {
    const sheet = document.getElementById("score-sheet") || document.getElementById("sheet");
    if (sheet) {
      sheet.focus();
      sheet.scrollIntoView({ block: "nearest" });
    }
  } else if (e.key.startsWith("Arrow") && e.target.matches && e.target.matches("[data-card][tabindex]")) {
    const cards = [...felt.querySelectorAll("[data-card][tabindex]")];
    const step = e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1;
    const next = cards[(cards.indexOf(e.target) + step + cards.length) % cards.length];
    e.preventDefault();
    next.focus();
  }
});

// --- the score sheet ----------------------------------------------------------------------------

function signed(n) {
  return el("span", { class: n > 0 ? "pos" : n < 0 ? "neg" : "" }, n > 0 ? `+${n}` : `${n}`);
}

/** The end of a sitting whose record keeps no games (a session of trays): the core's result. */
function resultCard(lines, said, actions) {
  return el("div", { class: "overlay" }, el("div", { class: "sheet-card", id: "score-sheet", tabindex: "-1" },
    el("h2", {}, "The result"),
    el("div", { class: "sub" }, lines[0] || ""),
    el("ul", { class: "result" }, lines.slice(1).map((l) => el("li", {}, l))),
    said.map((l) => el("p", { class: "said" }, l)),
    actions));
}

function finalSheet(record) {
  const actions = () => el("div", { class: "actions" },
    el("button", { class: "secondary", onclick: () => { location.href = `/replay/${tableId}`; } }, "Replay card by card"),
    eventPage
      ? el("button", { "data-event": "back", onclick: () => { location.href = eventPage; } }, "Back to the event")
      : el("button", { onclick: () => { location.href = "/"; } }, "Back to the lobby"));
  if (!Array.isArray(record.games)) {
    // A sitting not scored game by game (a session of trays): the core's result, and the
    // words of its last hand, which say how a match compared board by board ended.
    const said = ((state.summary && state.summary.lines) || []).filter((l) => !(state.result || []).includes(l));
    return resultCard(state.result || [], said, actions());
  }
  const players = playerOrder(record.players);
  // Games settled one by one (each with its own settlement) get a column per player.
  const settled = record.games.length && record.games[0].settlement;
  // Each pair ("V Ann", "VM 7") kept on one line when a narrow column wraps.
  const rolesOf = (g) => Object.entries(g.roles || {}).filter(([r]) => r !== "out").map(([r, n]) => `${r}\u00a0${n}`).join(", ");
  const pointsOf = (g) => (g.points ? Object.entries(g.points).map(([k, v]) => `${k}\u00a0${v}`).join(", ") : "");
  // A game's value has a column where the games have one (games settled in counters have none).
  const valued = record.games.some((g) => g.value !== undefined && g.value !== null);
  const value = (g) => (valued ? el("td", {}, `${g.value ?? ""}`) : null);
  let head;
  let rows;
  if (settled) {
    head = el("tr", {}, el("th", {}, "Game"), el("th", {}, "Roles"), el("th", {}, "Points"), el("th", {}, "Winner"), valued ? el("th", {}, "Value") : null, players.map((p) => el("th", {}, p)));
    rows = record.games.map((g, i) => el("tr", {},
      el("td", {}, `${i + 1}`),
      el("td", {}, rolesOf(g)),
      el("td", {}, pointsOf(g)),
      el("td", { class: "winner" }, g.winner ? sideName(g.winner, game) : ""),
      value(g),
      players.map((p) => el("td", {}, signed(g.settlement[p] || 0)))));
  } else {
    head = el("tr", {}, el("th", {}, "Game"), el("th", {}, "Points"), el("th", {}, "Winner"), valued ? el("th", {}, "Value") : null);
    rows = record.games.map((g, i) => el("tr", {},
      el("td", {}, g.rubber ? `${g.rubber}.${i + 1}` : `${i + 1}`),
      el("td", {}, pointsOf(g)),
      el("td", { class: "winner" }, g.winner ? sideName(g.winner, game) : ""),
      value(g)));
  }
  const span = String((settled ? 4 : 2) + (valued ? 1 : 0));
  const total = settled
    ? el("tr", { class: "total" }, el("td", { colspan: span }, "Settlement of the sitting"), players.map((p) => el("td", {}, signed(record.settlement[p] || 0))))
    : el("tr", { class: "total" }, el("td", { colspan: span }, "Settlement of the sitting"), el("td", {}, players.map((p) => el("div", {}, `${p} `, signed(record.settlement[p] || 0)))));
  // Who finishes best: every player with the best settlement (partners finish level).
  const top = Math.max(...players.map((p) => record.settlement[p] || 0));
  const best = players.filter((p) => (record.settlement[p] || 0) === top);
  const bestWords = `${best.join(" and ")} ${best.length > 1 ? "finish" : "finishes"} best`;
  return el("div", { class: "overlay" }, el("div", { class: "sheet-card", id: "score-sheet", tabindex: "-1" },
    el("h2", {}, "The score sheet"),
    el("div", { class: "sub" }, `${record.games.length} game${record.games.length === 1 ? "" : "s"} of ${variantTitle()} · ${bestWords}`),
    el("table", {}, el("thead", {}, head), el("tbody", {}, rows, total)),
    actions()));
}

function variantTitle() {
  return game ? game.title : summary ? summary.variant : "";
}

/** A side's name on the score boxes: in a two-hand game the side is a seat, named by its player. */
function sideLabel(v, key) {
  return key.length === 1 && v.names[key] ? v.names[key] : sideName(key, game);
}

function pips(n, of = 5) {
  const out = [];
  for (let i = 0; i < Math.max(of, n); i++) out.push(el("span", { class: i < n ? "on" : "" }));
  return el("div", { class: "pips" }, out);
}

function renderSide() {
  if (!state) return;
  const v = state.view;
  const x = v.extra || {};
  const parts = [];
  const bar = conventionsBar(state, people, you, { act: send, say });
  if (bar) parts.push(bar);
  const over = state.status === "over";
  if (you && !state.seat && !over && v.phase !== "cut") {
    parts.push(el("div", { class: "side-box", style: "margin-bottom:8px" }, `${you}, you sit out this game: you see what a bystander sees until your turn comes round again.`));
  }
  const gameTo = game ? game.game_to : 0; // a game of a few points: its points as pips
  let heading = `Game ${x.game || 1}${x.games ? ` of ${x.games}` : ""}`;
  if (x.rubber) heading = `Rubber ${x.rubber}${x.rubbers ? ` of ${x.rubbers}` : ""}, game ${x.game || 1}`;
  else if (state.heading) heading = state.heading; // the core's own heading (a board's number)
  parts.push(el("h2", {}, over ? "The sitting is over" : heading));
  if (summary && summary.seed !== null) parts.push(el("div", { class: "hint" }, `Dealt from the fixed seed ${summary.seed}, known to everyone at the table.`));
  if (v.trump && !over) {
    parts.push(el("div", { class: "side-box trumpline" },
      el("span", { class: "suit-big" }, suitSpan(v.trump)),
      el("div", {}, el("div", {}, `${SUIT_NAME[v.trump]} are trumps`),
        el("div", { class: "label" }, v.turn_up ? `turn-up ${cardText(v.turn_up)}, dealt by ${seatName(v, v.dealer)}` : `dealt by ${seatName(v, v.dealer)}`))));
  }
  if (state.contract && !over) parts.push(contractBox(state.contract));
  // A card the view keeps in sight with the seat it belongs to (say, the lowest trump out so
  // far), under the core's own name for its field, until the view drops it.
  for (const [f, d] of Object.entries(x)) {
    if (over || !d || typeof d !== "object" || typeof d.card !== "string" || typeof d.seat !== "string") continue;
    const seat = Object.keys(v.roles).find((s) => v.roles[s] === d.seat) || d.seat;
    parts.push(el("div", { class: "side-box kept-card" }, cardImg(d.card, { class: "card" }),
      el("div", {}, `${fieldName(f)}: ${cardText(d.card)}`, el("div", { class: "label" }, `${d.seat} (${seatName(v, seat)})`))));
  }
  const score = v.score || {};
  const won = v.won || {};
  const keys = Object.keys(score).length ? Object.keys(score) : Object.keys(won);
  if (!over && keys.length) {
    // Beside each side's score, every other figure the view keeps for the same sides (points
    // above the line, games won, totals…), so that no box reads 0 while a total reads +32.
    const more = Object.entries(x).filter(([f, d]) => f !== "totals" && d && typeof d === "object" && !Array.isArray(d)
      && Object.keys(d).length && Object.keys(d).every((k) => k in score && typeof d[k] === "number"));
    parts.push(el("div", { class: "scoreboard", style: "margin-top:8px" }, keys.map((k) =>
      el("div", { class: "side-box" },
        el("div", { class: "label" }, sideLabel(v, k)),
        el("div", { class: "big" }, `${score[k] ?? 0}`),
        gameTo && gameTo <= 10 ? pips(score[k] ?? 0, gameTo) : null,
        more.map(([f, d]) => el("div", { class: "label" }, `${fieldName(f).toLowerCase()}: ${d[k]}`)),
        x.totals && k in x.totals ? el("div", { class: "label" }, "total: ", signed(x.totals[k])) : null,
        k in won ? el("div", { class: "label" }, `tricks this hand: ${won[k]}`) : null))));
    const apart = Object.keys(won).filter((k) => !(k in score));
    if (apart.length) {
      parts.push(el("div", { class: "label" }, `Tricks this hand: ${apart.map((k) => `${sideLabel(v, k)} ${won[k]}`).join(", ")}`));
    }
  }
  if (!over && v.tricks && v.tricks.length && v.trick && v.trick.cards.length) {
    // The trick on the table is the current one; the last one quitted stays in view here.
    const last = v.tricks[v.tricks.length - 1];
    parts.push(el("h2", { id: "last-trick-title" }, `Last trick (${v.tricks.length})`));
    parts.push(el("div", { class: "last-trick", tabindex: "-1", id: "last-trick", "aria-labelledby": "last-trick-title" }, last.cards.map((c, i) => {
      const seat = playedBy(last, i);
      return el("div", { class: `mini${seat === last.winner ? " won" : ""}` }, cardImg(c), el("span", {}, v.roles[seat]));
    })));
  }
  if (x.roles && !over) {
    parts.push(el("h2", {}, "This game"));
    const roleWords = (r) => { const info = seatInfo(game, r); return info && info.role ? `${r} (${info.role})` : r; };
    parts.push(el("div", {}, Object.keys(x.roles).filter((r) => x.roles[r]).map((r) =>
      el("div", {}, el("b", {}, r === "out" ? "sits out" : roleWords(r)), ": ", x.roles[r]))));
  }
  const names = playerOrder(Object.keys(x.totals || {}));
  if (x.sheet && Array.isArray(x.sheet)) {
    parts.push(el("h2", {}, "Score sheet"));
    const rows = x.sheet.map((g, i) => el("tr", {}, el("td", {}, `${i + 1}. ${Object.entries(g.roles || {}).filter(([r]) => r !== "out").map(([r, n]) => `${r} ${n}`).join(", ")}`), names.map((n) => el("td", {}, signed(g.settlement[n] || 0)))));
    parts.push(el("table", { class: "sheet", id: "sheet", tabindex: "-1" },
      el("tr", {}, el("th", {}, "Game"), names.map((n) => el("th", {}, n))),
      rows,
      el("tr", { class: "total" }, el("td", {}, "Total"), names.map((n) => el("td", {}, signed(x.totals[n] || 0))))));
    if (!x.sheet.length) parts.push(el("div", { class: "hint" }, "No game finished yet."));
  } else if (names.length) {
    parts.push(el("h2", {}, "Totals"));
    parts.push(el("table", { class: "sheet" },
      el("tr", {}, names.map((n) => el("th", {}, n))),
      el("tr", { class: "total" }, names.map((n) => el("td", {}, signed(x.totals[n] || 0))))));
  }
  parts.push(el("h2", {}, "At the table"));
  parts.push(el("ul", { class: "people" }, people.map((p) => el("li", {},
    el("span", { class: `dot ${p.kind !== "human" || p.present ? "on" : "off"}` }),
    p.name, el("span", { class: "hint" }, p.kind === "human" ? (p.present ? "here" : p.claimed ? "away" : p.invited ? "invited" : "seat free") : `computer (${p.kind})`)))));
  const invites = JSON.parse(localStorage.getItem(`vivant.invites.${tableId}`) || "[]");
  if (invites.length) {
    parts.push(el("h2", {}, "Invitations"));
    for (const inv of invites) {
      const url = `${location.origin}${inv.url}`;
      parts.push(el("div", { class: "invite" }, el("span", {}, inv.name), el("input", { value: url, readonly: true, onclick: (e) => e.target.select() })));
    }
  }
  parts.push(paceSettings());
  if (you) {
    parts.push(el("div", { style: "margin-top:10px" }, el("button", {
      class: "secondary",
      onclick: async () => {
        const sure = confirm(`Give up your seat at this table, ${you}? Someone else may take it from the lobby, and this link will no longer seat you.`);
        if (!sure) return;
        await api(`/api/tables/${tableId}/leave`, { token });
        localStorage.removeItem(tokenKey);
        location.href = "/";
      },
    }, "Give up my seat")));
  }
  parts.push(el("h2", { id: "log-title" }, "Play"));
  parts.push(logList);
  if (rules) parts.push(el("details", { class: "rules" }, el("summary", {}, "Rules of the game"), rules));
  side.replaceChildren(...parts);
}

/** What the hand is played for, in the core's words (a Boston contract and its bidder). */
function contractBox(words) {
  return el("div", { class: "side-box contract", id: "contract" }, el("div", { class: "label" }, "The contract"), el("div", {}, words));
}

/** Players in one order everywhere (the sidebar's sheet, the final sheet): the table's order. */
function playerOrder(names) {
  const order = people.map((p) => p.name);
  return [...names].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
}

/** The table settings: the pauses this browser keeps, and the computer players' speed (set at
 * the server by a person seated here). */
function paceSettings() {
  const seconds = (key, label) => el("label", { class: "setting" }, label, el("input", {
    type: "number", min: "0", max: "30", step: "0.5", value: String(pace[key] / 1000),
    onchange: (e) => {
      pace[key] = Math.max(0, Number(e.target.value) || 0) * 1000;
      localStorage.setItem(PACE_KEY, JSON.stringify(pace));
    },
  }));
  const speeds = [[0, "at once"], [0.6, "brisk (0.6 s)"], [1.5, "steady (1.5 s)"], [3, "slow (3 s)"]];
  const current = botDelay ?? (summary ? summary.bot_delay : null);
  const bots = you ? el("label", { class: "setting" }, "Computer players wait", el("select", {
    onchange: (e) => say({ type: "pace", bot_delay: Number(e.target.value) }),
  }, current === null || current === undefined ? el("option", { value: "", selected: true }, "the server's pace") : null,
  speeds.map(([d, label]) => el("option", { value: String(d), selected: current === d }, label)))) : null;
  const hints = summary && !summary.laws ? el("label", { class: "setting" }, "Offer hints (the computer's card for you)", el("input", {
    type: "checkbox", checked: pace.hints, id: "hints-on",
    onchange: (e) => {
      pace.hints = e.target.checked;
      localStorage.setItem(PACE_KEY, JSON.stringify(pace));
      render();
    },
  })) : null;
  return el("details", { class: "settings" }, el("summary", {}, "Table settings"),
    seconds("trick", "A finished trick stays (seconds)"),
    seconds("summary", "The hand summary stays (seconds)"),
    bots, hints);
}

/** The header names the game played here, as the core declares it (GameInfo's title). */
function showGameName() {
  if (!game) return;
  document.getElementById("tagline").textContent = game.title;
  document.title = `Vivant — ${game.title}`;
}

async function start() {
  try {
    summary = await api(`/api/tables/${tableId}`);
    document.getElementById("title").textContent = summary.title || `table ${tableId}`;
    const variants = await api("/api/variants");
    game = variants.variants.find((x) => x.name === summary.variant) || null;
    rules = game ? game.rules : "";
    showGameName();
  } catch (e) {
    felt.replaceChildren(el("div", { class: "center-note" }, `${e.message}. `, el("a", { href: "/" }, "Back to the lobby")));
    return;
  }
  connect();
}

onLawsChange(render);
preloadCards();
start();
