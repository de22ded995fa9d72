// An event page: the rounds, the link to the table in play, and every word the server gives
// (each board's comparison, the running totals, the final ranking), as they come.
import { api, el } from "/static/common.js";

const eventId = location.pathname.split("/").pop();

async function refresh() {
  let e;
  try {
    e = await api(`/api/events/${eventId}`);
  } catch (err) {
    document.getElementById("round").textContent = err.message;
    return;
  }
  document.getElementById("heading").textContent = e.heading;
  document.getElementById("round").textContent = e.over ? `All ${e.rounds} rounds are played.` : `Round ${e.round} of ${e.rounds}.`;
  // A link to the round's table for each person of the pair (the first is the event's maker).
  const play = document.getElementById("play");
  play.hidden = !e.seats.length;
  if (e.seats.length) {
    play.href = e.seats[0].url;
    play.textContent = `Play round ${e.round}`;
  }
  document.getElementById("others").replaceChildren(...e.seats.slice(1).map((s) =>
    el("p", {}, el("a", { href: s.url, class: "seat-link" }, `Play round ${e.round} as ${s.name}`))));
  document.getElementById("now").replaceChildren(...e.now.map((l) => el("div", {}, l)));
  document.getElementById("lines").replaceChildren(...e.lines.map((l) =>
    el("div", { class: l.startsWith("  ") ? "standing" : "said", style: l.startsWith("  ") ? "padding-left:1.5em" : "" }, l.trim())));
  if (!e.over) setTimeout(refresh, 1500);
}

refresh();
