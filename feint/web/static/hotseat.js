// Hot-seat: several seats on one device, with a hand-off screen between them.
//
// A hot-seat link carries several seat and token pairs in its fragment (#seat=0&token=A&seat=1&token=B).
// The page opens one connection per seat and one more with no token, as a spectator: the public table.
// It shows a seat's own view only while that seat has a decision, and only after someone confirmed on
// the hand-off screen that they are that seat; before that screen is drawn, the page forgets the seat
// shown (its view, log, half-built move, notices): nothing of it stays in the DOM, hidden or not.
// While no seat on the device is to move (bots or remote persons are), the page shows the public table,
// as a spectator sees it: the screen is seen by everybody at the device, so it shows no seat's hidden cards.
// At the end every card is face-up anyway: the page shows the first seat's end screen.

import { Connection } from "./connection.js";
import { h } from "./dom.js";
import { SEAT_SYMBOLS, t } from "./words.js";

/** Every seat and token pair a link's fragment carries, in order; seats that are not numbers are left out. */
export function readSeats(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const seats = params.getAll("seat");
  const tokens = params.getAll("token");
  const pairs = [];
  seats.forEach((seat, n) => {
    if (seat !== "" && Number.isInteger(Number(seat)) && tokens[n]) pairs.push({ seat: Number(seat), token: tokens[n] });
  });
  return pairs;
}

/** A hot-seat link: one fragment holding every seat's pair (never in the path or query: see docs/server.md). */
export function hotSeatLink(tableId, pairs) {
  const fragment = pairs.map(({ seat, token }) => `seat=${seat}&token=${encodeURIComponent(token)}`).join("&");
  return `/table/${encodeURIComponent(tableId)}#${fragment}`;
}

function seatWords(seat) {
  return `${SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length]} ${t("seat {seat}", { seat })}`;
}

/**
 * The page's connection when several seats are on the device: it takes ``Connection``'s place for
 * app.js (``open``, ``send``, ``move``, ``tableMove``, ``isOpen``), sending through the seat shown.
 *
 * ``app`` holds the page's hooks: ``receive(message)`` draws a message of the seat shown,
 * ``forget(seat, token)`` empties the page and makes it that seat's (null, null: the public table),
 * ``status(text)`` says whether the table can hear the page.
 */
export class HotSeat {
  constructor(tableId, pairs, app) {
    this.app = app;
    const entry = (seat, token) => {
      const it = { seat, token, message: null, events: [], status: "connecting" };
      it.connection = new Connection(
        tableId,
        token,
        (message) => this.heard(it, message),
        (status) => this.statusOf(it, status),
      );
      return it;
    };
    this.seats = pairs.map(({ seat, token }) => entry(seat, token));
    this.public = entry(null, null);
    this.shown = null;
    /** The seat the hand-off screen asks for, while it is up. */
    this.asked = null;
    /** The seat shown last, so simultaneous decisions go round the device in turn. */
    this.last = null;
    this.overall = null;
    this.queue = Promise.resolve();
    this.banner = h("span", { id: "hotseat", class: "hotseat-banner" });
    document.getElementById("seat-name").after(this.banner);
  }

  get all() {
    return [...this.seats, this.public];
  }

  open() {
    for (const it of this.all) it.connection.open();
  }

  /** Whether the seat shown can be heard: nothing is sent for the public table or a hand-off screen. */
  get isOpen() {
    return this.shown !== null && this.shown.connection.isOpen;
  }

  send(message) {
    return this.shown !== null && this.shown.connection.send(message);
  }

  move(text) {
    return this.shown !== null && this.shown.seat !== null && this.shown.connection.move(text);
  }

  tableMove(text) {
    return this.shown !== null && this.shown.seat !== null && this.shown.connection.tableMove(text);
  }

  /** The page's hooks run one after the other: a message drawn never overtakes the page being emptied. */
  later(work) {
    this.queue = this.queue.then(work).catch((error) => console.error("hot-seat", error));
  }

  heard(it, message) {
    if (message.type === "state") {
      const known = it.events.length ? it.events[it.events.length - 1].seq : 0;
      it.events.push(...(message.events || []).filter((event) => event.seq > known));
      it.message = message;
    }
    // Only the seat shown speaks to the page: the others' states wait here until they are shown.
    if (it === this.shown) this.later(() => this.app.receive(message));
    if (message.type === "state") this.decide();
  }

  statusOf(it, status) {
    it.status = status;
    const statuses = this.all.map((each) => each.status);
    const overall = statuses.every((s) => s === "open") ? "open" : statuses.includes("closed") ? "closed" : "connecting";
    if (overall === this.overall) return;
    this.overall = overall;
    this.app.status(overall);
  }

  /** Whom the screen is for, once every connection has the table's newest state. */
  decide() {
    const all = this.all;
    if (all.some((it) => !it.message)) return;
    const seq = Math.max(...all.map((it) => it.message.seq));
    // A state still on its way to one of the connections: decide when it is here.
    if (all.some((it) => it.message.seq !== seq)) return;
    if (this.public.message.over) {
      this.display(this.seats[0]);
      return;
    }
    const movers = this.seats.filter((it) => (it.message.view.to_move || []).includes(it.seat));
    if (this.shown !== null && movers.includes(this.shown)) return; // the seat shown still decides
    if (!movers.length) {
      this.display(this.public);
      return;
    }
    // In turn round the device after the seat shown last, so simultaneous decisions alternate.
    const start = this.last === null ? 0 : this.seats.indexOf(this.last) + 1;
    const next = [...this.seats.slice(start), ...this.seats.slice(0, start)].find((it) => movers.includes(it));
    if (this.asked !== next) this.handOff(next);
  }

  /** Show a seat's page (confirmed on the hand-off screen) or the public table, drawn afresh. */
  display(it) {
    if (this.shown === it) return;
    this.shown = it;
    this.asked = null;
    if (it.seat !== null) this.last = it;
    this.later(async () => {
      this.app.forget(it.seat, it.token);
      this.banner.textContent =
        it.seat === null
          ? t("Hot-seat ({seats}): nobody on this device is to move, so this is the public table", { seats: this.seats.map((s) => seatWords(s.seat)).join(", ") })
          : t("Hot-seat: showing {seat}", { seat: seatWords(it.seat) });
      // Drawn at once (the game's renderer is loaded by then); the replay may still be on its way.
      const drawn = this.app.receive({ ...it.message, events: it.events });
      // Marked once drawn: the browser tests read these.
      document.body.dataset.handoff = "";
      document.body.dataset.shown = it.seat === null ? "public" : String(it.seat);
      await drawn;
    });
  }

  /** The hand-off screen: the page is emptied first, then asks the next seat to take the device. */
  handOff(it) {
    this.shown = null;
    this.asked = it;
    this.later(() => {
      this.app.forget(null, null);
      this.banner.textContent = t("Hot-seat: passing the device");
      document.body.dataset.shown = "";
      document.body.dataset.handoff = String(it.seat);
      document.title = `${t("Pass the device to {seat}", { seat: seatWords(it.seat) })} — Feint`;
      const button = h(
        "button",
        { id: "handoff-confirm", type: "button", onclick: () => this.asked === it && this.display(it) },
        t("I am seat {seat}, show my hand", { seat: it.seat }),
      );
      document.getElementById("board").replaceChildren(
        h(
          "section",
          { class: "handoff", id: "handoff", "aria-label": t("Hand-off") },
          h("h2", {}, t("Pass the device to {seat}", { seat: seatWords(it.seat) })),
          h("p", {}, t("It is {seat}'s decision. Everybody else, look away.", { seat: seatWords(it.seat) })),
          button,
        ),
      );
      button.focus();
    });
  }
}
