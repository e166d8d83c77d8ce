// Names: the form a person gives their display name in, the first time they open their seat and whenever
// they change it. The name goes to the server (a "name" message), which checks it and tells every seat;
// the browser keeps the last name the server accepted (localStorage) to offer it at the next table.
// A name is text: it is only ever put in text nodes and attributes.

import { h } from "./dom.js";
import { t } from "./words.js";

const KEY = "feint.name";
const MAX_NAME = 24;

/** The name this browser last had accepted, or "" (storage may be off). */
export function storedName() {
  try {
    return localStorage.getItem(KEY) || "";
  } catch {
    return "";
  }
}

function keep(name) {
  try {
    localStorage.setItem(KEY, name);
  } catch {
    // Storage off: the name is asked for again at the next table.
  }
}

/**
 * The name box of the table page: ``send`` sends a protocol message (false if not sent). It is built
 * once and updated with each state, so what the person is typing survives every redraw of the table.
 */
export class NameBox {
  constructor(send) {
    this.send = send;
    this.seat = null;
    this.name = null;
    this.asked = null;
    this.editing = false;
    this.dismissed = false;
    this.asking = false;
    this.input = h("input", {
      id: "name-input",
      type: "text",
      maxlength: MAX_NAME * 2,
      autocomplete: "nickname",
      "aria-describedby": "name-help",
    });
    this.status = h("p", { id: "name-status", class: "name-status", "aria-live": "polite" });
    this.form = h(
      "form",
      { id: "name-form", class: "name-form", onsubmit: (event) => this.submit(event) },
      h("label", { for: "name-input" }, t("Your name at this table")),
      this.input,
      h("button", { type: "submit", id: "name-save", class: "small" }, t("Use this name")),
      h("button", { type: "button", id: "name-skip", class: "small", onclick: () => this.skip() }, t("Not now")),
      h("p", { id: "name-help", class: "hint" }, t("Up to {max} characters; the others see it beside your seat.", { max: MAX_NAME })),
    );
    this.shown = h("p", { id: "name-shown" });
    this.change = h("button", { type: "button", id: "name-change", class: "small", onclick: () => this.edit() }, t("Change your name"));
    this.element = h("section", { id: "name-box", class: "name-box", hidden: true }, this.form, this.shown, this.change, this.status);
  }

  /** The latest state: this seat's name as the server has it. */
  update(message) {
    this.seat = message.seat;
    const entry = (message.presence || []).find((seat) => seat.seat === message.seat);
    const name = entry?.name ?? null;
    if (this.asked !== null && name !== null && (name === this.asked || name !== this.name)) {
      keep(name);
      this.asked = null;
      this.editing = false;
      this.status.textContent = "";
    }
    this.name = name;
    this.element.hidden = message.seat === null;
    if (this.element.hidden) return;
    const asking = this.editing || (name === null && !this.dismissed);
    if (asking && !this.asking) {
      // The form opens prefilled with this seat's name, else with the one the browser kept.
      this.input.value = name ?? storedName();
    }
    this.asking = asking;
    this.form.hidden = !asking;
    this.shown.hidden = this.change.hidden = asking;
    this.shown.textContent = name === null ? t("You have no name at this table: the others see your seat's number.") : t("Your name here: {name}", { name });
  }

  /** The server refused the name: the form stays open with the reason, and nothing was changed. */
  refused(text) {
    if (this.asked === null) return false;
    this.asked = null;
    this.status.textContent = t("That name was not taken: {why}", { why: text });
    return true;
  }

  submit(event) {
    event.preventDefault();
    const name = this.input.value;
    if (!this.send({ type: "name", name })) {
      this.status.textContent = t("Not sent: the connection is lost. Try again once it is back.");
      return;
    }
    // What the server keeps is its own normalised form of the name: the next state tells it.
    this.asked = name.normalize("NFC").split(/\s+/u).filter(Boolean).join(" ");
    this.status.textContent = t("Sending your name…");
  }

  skip() {
    this.dismissed = true;
    this.editing = false;
    this.status.textContent = "";
    this.form.hidden = true;
    this.asking = false;
    this.shown.hidden = this.change.hidden = false;
  }

  edit() {
    this.editing = true;
    this.asking = false; // so that update() fills the field
    this.update({ seat: this.seat, presence: [{ seat: this.seat, name: this.name }] });
    this.input.focus();
  }
}
