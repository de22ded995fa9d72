// The lobby: create a table, take a free seat, watch a game, replay a finished sitting.
import { api, el } from "/static/common.js";

const form = document.getElementById("new-table");
const seatsBox = document.getElementById("seats");
const variantSel = document.getElementById("variant");
const tablesBody = document.getElementById("tables");
let variants = [];
let bots = [];
const DEFAULT_NAMES = ["Ada", "Basil", "Cecily", "Dorian", "Ernest", "Flora", "Gwendolen"];

function seatRow(i) {
  const kinds = [...bots.map((b) => ({ value: b, label: `computer, ${b}` })), { value: "human", label: "a person (invite)" }];
  const preferred = bots.includes("heuristic") ? "heuristic" : bots[0];
  return el("div", { class: "seatrow" },
    el("input", { name: `name${i}`, value: DEFAULT_NAMES[i], maxlength: "32", required: true, "aria-label": `player ${i + 2} name` }),
    el("select", { name: `kind${i}`, "aria-label": `player ${i + 2} kind` }, kinds.map((k) =>
      el("option", { value: k.value, selected: k.value === preferred }, k.label))));
}

// The game's own settings for a new table (its declared metadata: what each means, the values
// it takes), one row each: a tick box, a number, or a choice.
const settingsBox = el("div", { id: "settings" });
seatsBox.closest(".form-row").after(settingsBox);

function drawSettings() {
  const v = variants.find((x) => x.name === variantSel.value);
  settingsBox.replaceChildren(...(v ? v.settings : []).map((s) => {
    const id = `setting-${s.name}`;
    if (s.kind === "bool") {
      return el("div", { class: "form-row" }, el("label", {},
        el("input", { type: "checkbox", id, "data-setting": s.name, "data-kind": s.kind, checked: s.default === true }), ` ${s.words}`));
    }
    const input = s.kind === "int"
      ? el("input", { type: "number", id, "data-setting": s.name, "data-kind": s.kind, min: `${s.minimum}`, max: `${s.maximum}`, value: `${s.default}` })
      : el("select", { id, "data-setting": s.name, "data-kind": s.kind }, s.choices.map((c) =>
        el("option", { value: c.value, selected: c.value === s.default }, c.words)));
    return el("div", { class: "form-row" }, el("label", { for: id }, s.words), input);
  }));
}

function chosenSettings() {
  const out = {};
  settingsBox.querySelectorAll("[data-setting]").forEach((i) => {
    out[i.dataset.setting] = i.dataset.kind === "bool" ? i.checked : i.dataset.kind === "int" ? Number(i.value) : i.value;
  });
  return out;
}

function drawSeats() {
  const v = variants.find((x) => x.name === variantSel.value);
  // Exactly the player counts the game's metadata declares, its default first chosen.
  const counts = v ? v.players : [];
  const n = Number(seatsBox.dataset.n || (v ? v.default_players : 0));
  seatsBox.replaceChildren();
  for (let i = 0; i < n - 1; i++) seatsBox.append(seatRow(i));
  // A game of one number of players says it; a choice is a row of buttons, the chosen pressed.
  const choose = counts.length < 2
    ? el("div", { class: "hint" }, `Players: ${n}`)
    : el("div", { class: "hint", role: "group", "aria-label": "Number of players" }, "Players: ", counts.map((c) =>
      el("button", { type: "button", class: c === n ? "" : "secondary", "aria-pressed": String(c === n), style: "padding:2px 10px;margin-right:4px", onclick: () => { seatsBox.dataset.n = c; drawSeats(); } }, `${c}`)));
  seatsBox.append(choose);
}

async function loadVariants() {
  const data = await api("/api/variants");
  variants = data.variants;
  bots = data.bots;
  variantSel.replaceChildren(...variants.map((v) =>
    el("option", { value: v.name, selected: v.name === data.default }, v.title)));
  variantSel.onchange = () => { delete seatsBox.dataset.n; drawSeats(); drawSettings(); };
  drawSeats();
  drawSettings();
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const me = document.getElementById("me").value.trim();
  const players = [{ name: me, kind: "human" }];
  seatsBox.querySelectorAll(".seatrow").forEach((row) => {
    players.push({ name: row.querySelector("input").value.trim(), kind: row.querySelector("select").value });
  });
  try {
    const t = await api("/api/tables", {
      variant: variantSel.value,
      players,
      laws: document.getElementById("laws").checked,
      title: document.getElementById("tname").value.trim(),
      options: chosenSettings(),
    });
    const mine = t.invites.find((i) => i.name === me);
    const others = t.invites.filter((i) => i.name !== me);
    localStorage.setItem(`vivant.invites.${t.id}`, JSON.stringify(others));
    location.href = mine.url;
  } catch (err) {
    document.getElementById("create-error").textContent = err.message;
  }
});

function stateBadge(t) {
  const label = { open: "seats free", playing: "in play", paused: "paused", over: "finished" }[t.status] || t.status;
  return el("span", { class: `badge ${t.status}` }, label);
}

async function takeSeat(t, name) {
  const body = { name };
  if (t.seed !== null) {
    // A fixed seed lets its creator know every deal: a seat is taken only by agreeing to it.
    if (!confirm(`This table is dealt from the fixed seed ${t.seed}, which its creator chose and so can know every deal. Sit as ${name} on those terms?`)) return;
    body.accept_seed = t.seed;
  }
  try {
    const r = await api(`/api/tables/${t.id}/take`, body);
    location.href = r.url;
  } catch (err) {
    alert(err.message);
  }
}

/** A game's name as the server's description gives it ("All Fours"), its key until that has come. */
function gameTitle(name) {
  const v = variants.find((x) => x.name === name);
  return v ? v.title : name;
}

async function loadTables() {
  const data = await api("/api/tables");
  const rows = data.tables.map((t) => {
    const players = t.people.map((p) => `${p.name}${p.kind === "human" ? "" : " (computer)"}`).join(", ");
    const free = t.people.filter((p) => p.kind === "human" && !p.claimed && !p.invited);
    const actions = [];
    if (t.status === "over") actions.push(el("a", { href: `/replay/${t.id}` }, "Replay"));
    else {
      for (const p of free) actions.push(el("button", { style: "margin:0 4px 4px 0", onclick: () => takeSeat(t, p.name) }, `Sit as ${p.name}`));
      actions.push(el("a", { href: `/t/${t.id}` }, "Watch"));
    }
    return el("tr", {},
      el("td", {}, el("div", {}, t.title || gameTitle(t.variant)), el("div", { class: "hint" }, [
        t.title ? gameTitle(t.variant) : null, t.laws ? "laws" : null, t.seed !== null ? `seed ${t.seed}` : null, t.id,
      ].filter(Boolean).join(" · "))),
      el("td", {}, players),
      el("td", {}, stateBadge(t), el("div", { class: "hint" }, `${t.seq} events`)),
      el("td", {}, actions));
  });
  tablesBody.replaceChildren(...rows);
  document.getElementById("no-tables").textContent = rows.length ? "" : "No tables yet: start one.";
}

loadVariants().then(loadTables);
setInterval(loadTables, 5000);

// An event of several tables (a movement), offered as the server describes it: the person's
// pair at one table, computer players at the others.
async function eventForm() {
  let f;
  try {
    f = await api("/api/events/form");
  } catch (err) {
    return;
  }
  const error = el("div", { id: "event-error", class: "hint", role: "alert" });
  const box = el("form", { id: "new-event" },
    el("h2", {}, `${f.title}: an event of several tables`),
    el("div", { class: "form-row" }, el("label", { for: "event-movement" }, "Movement"),
      el("select", { id: "event-movement" }, f.movements.map((m) => el("option", { value: m.value, selected: m.value === f.default }, m.words)))),
    el("div", { class: "form-row" }, el("label", { for: "event-tables" }, "Tables"),
      el("input", { id: "event-tables", type: "number", min: "2", max: `${f.max_tables}`, value: "2" })),
    el("div", { class: "form-row" }, el("label", { for: "event-trays" }, "Boards a round"),
      el("input", { id: "event-trays", type: "number", min: "1", max: `${f.max_trays}`, value: "2" })),
    el("div", { class: "form-row" }, el("label", { for: "event-partner" }, "Your partner, a person (optional)"),
      el("input", { id: "event-partner", maxlength: "32", placeholder: "a computer player if left empty" })),
    el("div", { class: "hint" }, "Your pair at table 1; computer players at every other table."),
    el("button", { type: "submit", id: "create-event" }, "Start the event"),
    error);
  box.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const r = await api("/api/events", {
        name: document.getElementById("me").value.trim(),
        partner: document.getElementById("event-partner").value.trim() || null,
        movement: document.getElementById("event-movement").value,
        tables: Number(document.getElementById("event-tables").value),
        trays: Number(document.getElementById("event-trays").value),
      });
      location.href = r.url;
    } catch (err) {
      error.textContent = err.message;
    }
  });
  form.closest("section").append(box);
}

eventForm();
