// An event page: the rounds, the link to the table in play, and every word the server gives
// (each board's comparison, the running totals, the final ranking), as they come.
import { api, el } from "/static/common.js";

const eventId = location.pathname.split("/").pop();

let retry = 1500; // the wait before asking again after a failure, doubled up to 12 s

async function refresh() {
  let e;
  try {
    e = await api(`/api/events/${eventId}`);
  } catch (err) {
    // No such event: nothing to wait for. A store or a server that is not answering: say so
    // and ask again (the event is kept in the store; nothing was lost).
    const gone = err.status === 404;
    const why = err.status === undefined ? "The server is not answering" : err.message;
    document.getElementById("round").textContent = gone ? why : `${why} — trying again in ${Math.round(retry / 1000)} s…`;
    if (!gone) setTimeout(refresh, retry);
    retry = Math.min(retry * 2, 12000);
    return;
  }
  retry = 1500;
  document.getElementById("heading").textContent = e.heading;
  document.getElementById("round").textContent = e.over ? `All ${e.rounds} rounds are played.` : `Round ${e.round} of ${e.rounds}.`;
  // A link to the round's table for each person of the pair (the first is the event's maker).
  const play = document.getElementById("play");
  play.hidden = !e.seats.length;
  if (e.seats.length) {
    play.href = e.seats[0].url;
    play.textContent = `Play round ${e.round}`;
  }
  // The round's table links back here (the table knows only itself; the event's id is secret).
  for (const s of e.seats) {
    const table = new URL(s.url, location.href).pathname.split("/").pop();
    localStorage.setItem(`vivant.event-of.${table}`, location.pathname);
  }
  document.getElementById("others").replaceChildren(...e.seats.slice(1).map((s) =>
    el("p", {}, el("a", { href: s.url, class: "seat-link" }, `Play round ${e.round} as ${s.name}`))));
  document.getElementById("now").replaceChildren(...e.now.map((l) => el("div", {}, l)));
  document.getElementById("lines").replaceChildren(...e.lines.map((l) =>
    el("div", { class: l.startsWith("  ") ? "standing" : "said", style: l.startsWith("  ") ? "padding-left:1.5em" : "" }, l.trim())));
  if (!e.over) setTimeout(refresh, 1500);
}

refresh();
