// The lobby: create a table of any game, hand out its join links, list the public tables waiting.

import { h } from "./dom.js";
import { hotSeatLink } from "./hotseat.js";
import { SEAT_SYMBOLS, language, t } from "./words.js";

const $ = (id) => document.getElementById(id);
let games = [];

async function api(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    // A refusal comes back told in the page's language (docs/web.md), shown as it comes.
    headers: { "Content-Type": "application/json", "Accept-Language": language, ...(options.headers || {}) },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error?.message || `${response.status} ${response.statusText}`);
  return body;
}

function chosenGame() {
  return games.find((game) => game.name === $("game").value);
}

function fillPlayers() {
  const game = chosenGame();
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  $("players").replaceChildren(
    ...counts.map((n) => h("option", { value: n, selected: n === game.default_players }, String(n))),
  );
  $("variants").replaceChildren(
    h("legend", {}, t("Variants")),
    ...(game.variants.length
      ? game.variants.map((variant) =>
          h("label", {}, h("input", { type: "checkbox", name: "variant", value: variant }), ` ${variant}`),
        )
      : [h("p", { class: "hint" }, t("This game has no variants."))]),
  );
  fillSeats();
}

/** One row a seat: a person, or a bot of any level the game has. */
function fillSeats() {
  const game = chosenGame();
  const players = Number($("players").value);
  const rows = [];
  for (let seat = 0; seat < players; seat++) {
    const options = [h("option", { value: "human" }, t("A person"))];
    // Bots by strength, easiest first; a table of more than two starts with the game's default bot in the other seats.
    for (const level of game.levels) {
      const selected = seat > 0 && players > 2 && level.bot === game.default_bot;
      options.push(h("option", { value: level.bot, selected }, t(level.label)));
    }
    rows.push(
      h(
        "label",
        { class: "seat-row" },
        `${SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length]} ${t("Seat {seat}", { seat })} `,
        h("select", { "data-seat": seat, name: `seat-${seat}` }, options),
      ),
    );
  }
  $("seats").replaceChildren(h("legend", {}, t("Seats")), ...rows);
  addLobbyChoices();
}

/**
 * Beside each seat, whether strangers may take it from the lobby: never by default, only a person's seat
 * of a public table, and never the creator's own (the first person's seat).
 */
function addLobbyChoices() {
  for (const select of document.querySelectorAll("#seats select")) {
    const seat = select.dataset.seat;
    const box = h("input", { type: "checkbox", class: "lobby-seat", "data-seat": seat, name: `lobby-${seat}` });
    const why = h("span", { class: "lobby-why" });
    select.closest(".seat-row").after(
      h("label", { class: "lobby-choice" }, box, ` ${t("open to anyone in the lobby")} `, why),
      h(
        "label",
        { class: "lobby-choice" },
        h("input", { type: "checkbox", class: "device-seat", "data-seat": seat, name: `device-${seat}`, onchange: updateLobbyChoices }),
        ` ${t("played on this device (hot-seat)")}`,
      ),
    );
    select.addEventListener("change", updateLobbyChoices);
  }
  updateLobbyChoices();
}

function updateLobbyChoices() {
  const selects = [...document.querySelectorAll("#seats select")];
  const yours = selects.find((select) => select.value === "human")?.dataset.seat;
  for (const select of selects) {
    const box = document.querySelector(`input.lobby-seat[data-seat="${select.dataset.seat}"]`);
    const device = document.querySelector(`input.device-seat[data-seat="${select.dataset.seat}"]`);
    device.disabled = select.value !== "human";
    if (device.disabled) device.checked = false;
    const why =
      select.value !== "human"
        ? t("(a bot plays it)")
        : select.dataset.seat === yours
          ? t("(your own seat: only your link opens it)")
          : device.checked
            ? t("(played on this device)")
            : !$("public").checked
              ? t("(make the table public first)")
              : "";
    box.disabled = why !== "";
    if (box.disabled) box.checked = false;
    box.nextElementSibling.textContent = why;
  }
}

/** What the form asks for one seat: a bot, a person with a link, or a person's seat open to the lobby. */
function seatRequest(select) {
  if (select.value !== "human") return { kind: "bot", bot: select.value };
  const open = document.querySelector(`input.lobby-seat[data-seat="${select.dataset.seat}"]`)?.checked;
  return open ? { kind: "human", lobby: true } : { kind: "human" };
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const seats = [...document.querySelectorAll("#seats select")].map(seatRequest);
  const clock = $("clock").value ? $("clock").value.split(",").map(Number) : null;
  const request = {
    game: $("game").value,
    players: Number($("players").value),
    variants: [...document.querySelectorAll("input[name=variant]:checked")].map((box) => box.value),
    seats,
    public: $("public").checked,
    clock: clock ? { bank: clock[0], increment: clock[1] } : null,
  };
  $("create-button").disabled = true;
  try {
    const device = [...document.querySelectorAll("input.device-seat:checked")].map((box) => Number(box.dataset.seat));
    showLinks(await api("/api/tables", { method: "POST", body: JSON.stringify(request) }), device);
    refresh();
  } catch (error) {
    $("create-error").textContent = t("The table was not created: {why}", { why: error.message });
  } finally {
    $("create-button").disabled = false;
  }
}

/** Learn a game: a teaching table (the person against the server's bots), opened at once on the person's seat. */
async function learn(game, button) {
  $("learn-error").textContent = "";
  button.disabled = true;
  try {
    const table = await api("/api/tables", { method: "POST", body: JSON.stringify({ game: game.name, teach: true }) });
    location.href = table.seats[table.creator_seat].link;
  } catch (error) {
    $("learn-error").textContent = t("The first game could not start: {error}", { error: error.message });
    button.disabled = false;
  }
}

/** One button a game the server teaches. */
function fillLessons() {
  $("lessons").replaceChildren(
    ...games
      .filter((game) => game.teaches)
      .map((game) => {
        const button = h("button", { type: "button", class: "learn", "data-game": game.name }, t("Learn {game}", { game: t(game.title) }));
        button.addEventListener("click", () => learn(game, button));
        return h("li", {}, button);
      }),
  );
}

/** A seated bot as the form named it ("Bot: instant (rules of thumb)"), else its spec. */
function botName(bot) {
  const level = chosenGame()?.levels.find((entry) => entry.bot === bot);
  return level ? t(level.label) : t("Bot ({bot})", { bot });
}

/**
 * The links to hand out; with several seats on this device, first the one link that opens them all
 * (hot-seat: the page passes the device from seat to seat).
 */
function showLinks(table, device = []) {
  const absolute = (link) => new URL(link, location.href).href;
  const here = table.seats.filter((seat) => device.includes(seat.seat) && seat.link);
  const items = table.seats.map((seat) => {
    const label = `${SEAT_SYMBOLS[seat.seat % SEAT_SYMBOLS.length]} ${t("Seat {seat}", { seat: seat.seat })}`;
    if (seat.lobby) return h("li", { class: "lobby-seat" }, t("{seat}: open to anyone in the lobby; its link goes to whoever takes it", { seat: label }));
    if (!seat.link) return h("li", {}, t("{seat}: {bot}", { seat: label, bot: botName(seat.bot) }));
    const url = absolute(seat.link);
    return h(
      "li",
      {},
      `${label}${seat.seat === table.creator_seat ? ` ${t("(yours)")}` : ""}: `,
      h("a", { href: url, class: "join-link", "data-seat": seat.seat }, url),
      " ",
      h("button", { type: "button", class: "small", onclick: () => navigator.clipboard?.writeText(url) }, t("Copy the link")),
    );
  });
  const watch = absolute(`/table/${table.table_id}#token=${table.creator_token}`);
  items.push(
    h(
      "li",
      {},
      `${t("Your creator link (watch, and hand a seat that left to a bot):")} `,
      h("a", { href: watch, class: "creator-link" }, watch),
    ),
  );
  if (here.length > 1) {
    const pairs = here.map((seat) => ({ seat: seat.seat, token: new URLSearchParams(seat.link.split("#")[1]).get("token") }));
    const url = absolute(hotSeatLink(table.table_id, pairs));
    const names = here.map((seat) => `${SEAT_SYMBOLS[seat.seat % SEAT_SYMBOLS.length]} ${t("Seat {seat}", { seat: seat.seat })}`).join(", ");
    items.unshift(h("li", { class: "hotseat-item" }, `${t("{seats} on this device:", { seats: names })} `, h("a", { href: url, class: "hotseat-link" }, t("open the table for them all"))));
  }
  $("links").replaceChildren(...items);
  $("created").hidden = false;
}

/** Take an open seat of a public table: the server hands out a fresh token for it. */
async function join(tableId, seat) {
  try {
    const joined = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, { method: "POST", body: JSON.stringify({ seat }) });
    location.href = joined.link;
  } catch (error) {
    $("tables").prepend(h("li", { class: "error", role: "alert" }, t("Seat {seat} could not be taken: {why}", { seat, why: t(error.message) })));
  }
}

async function refresh() {
  try {
    const tables = await api("/api/lobby");
    $("tables").replaceChildren(
      ...(tables.length
        ? tables.map((table) => {
            const title = t(games.find((game) => game.name === table.game)?.title || table.game);
            const open = table.open_seats;
            const variants = table.variants.length ? `, ${table.variants.join(", ")}` : "";
            return h(
              "li",
              {},
              `${t("{game}, {players} players{variants}; open seats: {open}", { game: title, players: table.players, variants, open: open.join(", ") || t("none") })} `,
              ...open.map((seat) => h("button", { type: "button", class: "join", "data-seat": seat, onclick: () => join(table.table_id, seat) }, t("Join seat {seat}", { seat }))),
              h("a", { class: "button", href: `/table/${table.table_id}` }, t("Watch")),
            );
          })
        : [h("li", {}, t("No public table is waiting right now: create one."))]),
    );
  } catch (error) {
    $("tables").replaceChildren(h("li", { class: "error" }, t("The lobby could not be read: {why}", { why: error.message })));
  }
}

async function start() {
  try {
    games = await api("/api/games");
  } catch (error) {
    $("create-error").textContent = t("The games could not be read: {why}", { why: error.message });
    return;
  }
  $("game").replaceChildren(...games.map((game) => h("option", { value: game.name }, t(game.title))));
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("create").addEventListener("submit", create);
  $("public").addEventListener("change", updateLobbyChoices);
  $("refresh").addEventListener("click", refresh);
  fillPlayers();
  fillLessons();
  refresh();
}

start();
