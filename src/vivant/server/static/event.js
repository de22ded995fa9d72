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
  const play = document.getElementById("play");
  play.hidden = !e.url;
  if (e.url) {
    play.href = e.url;
    play.textContent = `Play round ${e.round}`;
  }
  document.getElementById("now").replaceChildren(...e.now.map((l) => el("div", {}, l)));
  document.getElementById("lines").replaceChildren(...e.lines.map((l) =>
    el("div", { class: l.startsWith("  ") ? "standing" : "said", style: l.startsWith("  ") ? "padding-left:1.5em" : "" }, l.trim())));
  if (!e.over) setTimeout(refresh, 1500);
}

refresh();
