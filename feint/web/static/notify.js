// "Tell me when it is my move": for a table played over days. A seat's person gives an e-mail address
// (or a webhook URL, where the server allows one); when their move comes while they are away, the server
// sends one message with this seat's link. The address goes to the server only (a "notify" message) and
// the server tells nobody else; the page shows only how it will be told ("by e-mail").

import { h } from "./dom.js";
import { t } from "./words.js";

const KINDS = { email: t("by e-mail"), webhook: t("through your webhook") };

export class NotifyBox {
  /** ``send`` sends a protocol message (false if not sent). */
  constructor(send) {
    this.send = send;
    this.waiting = false;
    this.input = h("input", {
      id: "notify-input",
      type: "text",
      maxlength: 500,
      autocomplete: "email",
      placeholder: t("you@example.org"),
      "aria-describedby": "notify-help",
    });
    this.status = h("p", { id: "notify-status", class: "name-status", "aria-live": "polite" });
    this.form = h(
      "form",
      { id: "notify-form", class: "name-form", onsubmit: (event) => this.submit(event) },
      h("label", { for: "notify-input" }, t("E-mail (or webhook URL)")),
      this.input,
      h("button", { type: "submit", id: "notify-save", class: "small" }, t("Tell me")),
      h("button", { type: "button", id: "notify-stop", class: "small", onclick: () => this.ask({}) }, t("Stop")),
      h("p", { id: "notify-help", class: "hint" }, t("One message when your move comes while you are away, with your link. Nobody else sees it.")),
    );
    this.element = h(
      "details",
      { id: "notify-box", class: "name-box", hidden: true },
      h("summary", {}, t("Tell me when it is my move")),
      this.form,
      this.status,
    );
  }

  /** The latest state: the box is for a seat's own page, while the game goes on. */
  update(message) {
    this.element.hidden = message.seat === null || message.over || message.expired;
  }

  /** The server's answer: how this seat is told now (null: it is not). */
  told(kind) {
    this.waiting = false;
    this.status.textContent = kind ? t("You will be told {how} when your move comes while you are away.", { how: KINDS[kind] || kind }) : t("You will not be told.");
  }

  /** The server refused the contact: nothing was kept. Returns whether the refusal was this box's. */
  refused(text) {
    if (!this.waiting) return false;
    this.waiting = false;
    this.status.textContent = t("Not kept: {why}", { why: text });
    return true;
  }

  submit(event) {
    event.preventDefault();
    const value = this.input.value.trim();
    this.ask(/^https?:\/\//i.test(value) ? { webhook: value } : { email: value });
  }

  ask(contact) {
    if (!this.send({ type: "notify", ...contact })) {
      this.status.textContent = t("Not sent: the connection is lost. Try again once it is back.");
      return;
    }
    this.waiting = true;
    this.status.textContent = t("Sending…");
  }
}
