// The table's chat and quick reactions: the panel beside the table, and the chat said up to a replay's frame.
//
// Two channels (docs/web.md, "Chat"): a seat writes the seats' chat, which the seats and the spectators
// read; a spectator writes the spectators' chat, which only spectators read (the server never sends it to
// a seat). The server decides the channel from who sends; this page only shows what it is sent. A line is
// text a person typed: it is only ever put in the page as a text node, never as HTML.
//
// Muting is this browser's own: the seats (and the spectators' chat) muted at a table are kept in
// localStorage under the table's id, and their lines and reactions are not shown, live or in the replay.

import { h } from "./dom.js";
import { SEAT_SYMBOLS, seatTag, t } from "./words.js";

export const REACTIONS = ["👍", "😮", "😂", "🤔", "👏"];
const REACTION_NAMES = { "👍": t("thumbs up"), "😮": t("surprised"), "😂": t("laughing"), "🤔": t("thinking"), "👏": t("applause") };
/** The server's limit (feint/server/chat.py MAX_CHARS): the box takes no more. */
export const MAX_CHARS = 300;
/** Lines the panel keeps (the server sends at most the latest 100 on arrival). */
const KEEP = 300;
/** How long a reaction stays beside its seat. */
const FLASH_MS = 4000;
const SPECTATORS = "spectators";

/** The key of this table's mutes in localStorage. */
function muteKey(tableId) {
  return `feint-chat-mute:${tableId}`;
}

/** The muted authors at a table: "seat:N" for a seat, "spectators" for the spectators' chat. */
export function loadMuted(tableId) {
  try {
    const kept = JSON.parse(localStorage.getItem(muteKey(tableId)) || "[]");
    return new Set(Array.isArray(kept) ? kept.filter((entry) => typeof entry === "string") : []);
  } catch {
    return new Set();
  }
}

function authorKey(line) {
  return line.channel === SPECTATORS ? SPECTATORS : `seat:${line.seat}`;
}

/** Who said a line, as the page names seats ("▲ you", "● Ann", "● seat 1"). */
function author(line, viewer) {
  if (line.channel === SPECTATORS) return `👁 ${t("a spectator")}`;
  return seatTag(line.seat, viewer);
}

/** One line of the chat: the author, then what was said, as text. */
function lineItem(line, viewer) {
  const seatClass = line.seat === null ? "spectator" : `seat-${line.seat % SEAT_SYMBOLS.length}`;
  const said =
    line.kind === "reaction"
      ? h("span", { class: "said reaction", role: "img", "aria-label": t("reacted {reaction}", { reaction: REACTION_NAMES[line.text] || "" }) }, line.text)
      : h("span", { class: "said" }, line.text);
  return h(
    "li",
    {
      class: `chat-line ${seatClass}`,
      "data-line": line.line,
      "data-channel": line.channel,
      "data-seat": line.seat ?? "",
      "data-kind": line.kind,
    },
    h("span", { class: "who" }, `${author(line, viewer)}${line.channel === SPECTATORS ? ` ${t("(spectators)")}` : ""}:`),
    " ",
    said,
  );
}

/** The chat said up to ``seq`` (a replay's frame), muted authors left out: a list, or null if none. */
export function chatUpTo(lines, seq, viewer, muted) {
  const said = (lines || []).filter((line) => line.seq <= seq && !muted.has(authorKey(line)));
  if (!said.length) return null;
  return h(
    "section",
    { class: "replay-chat", id: "replay-chat", "aria-label": t("Chat said so far") },
    h("h4", {}, t("Chat so far")),
    h("ol", { class: "chat-lines" }, said.map((line) => lineItem(line, viewer))),
  );
}

export class Chat {
  /**
   * @param {HTMLElement} root  the panel's element: the chat draws everything inside it
   * @param {string} tableId
   * @param {(message: object) => boolean} send  sends a message to the table; false if it could not
   */
  constructor(root, tableId, send) {
    this.root = root;
    this.tableId = tableId;
    this.send = send;
    this.lines = [];
    this.viewer = undefined;
    this.players = 0;
    this.muted = loadMuted(tableId);
    this.flashes = [];
    this.unsent = null;
    this.list = h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite", "data-empty": t("Nothing said yet.") });
    this.status = h("p", { class: "chat-status", id: "chat-status", role: "status" });
    this.input = h("input", {
      id: "chat-input",
      type: "text",
      maxlength: MAX_CHARS,
      autocomplete: "off",
      enterkeyhint: "send",
      // Named before the first state (a hot-seat hand-off draws none); table() names it for the viewer.
      "aria-label": "Say something to the table",
    });
    this.form = h(
      "form",
      { class: "chat-form", id: "chat-form", onsubmit: (event) => this.submit(event) },
      this.input,
      h("button", { type: "submit", id: "chat-send", class: "small" }, t("Send")),
    );
    this.reactions = h(
      "div",
      { class: "chat-reactions", role: "group", "aria-label": t("Quick reactions") },
      REACTIONS.map((reaction) =>
        h(
          "button",
          {
            type: "button",
            class: "small reaction",
            "data-reaction": reaction,
            "aria-label": t("React: {reaction}", { reaction: REACTION_NAMES[reaction] }),
            title: REACTION_NAMES[reaction],
            onclick: () => this.react(reaction),
          },
          reaction,
        ),
      ),
    );
    this.mutes = h("details", { class: "chat-mute", id: "chat-mute" });
    root.replaceChildren(this.list, this.status, this.form, this.reactions, this.mutes);
  }

  /** The highest line number this page holds: a reconnect asks only for the lines after it. */
  get last() {
    return this.lines.length ? this.lines[this.lines.length - 1].line : null;
  }

  /** Every state: who this page is at the table, and how many seats it has (for the mute list). */
  table(message) {
    const players = (message.presence || []).length;
    if (message.seat === this.viewer && players === this.players) return;
    this.viewer = message.seat;
    this.players = players;
    const spectator = this.viewer === null;
    this.input.placeholder = spectator ? t("Say something to the other spectators") : t("Say something to the table");
    this.input.setAttribute("aria-label", this.input.placeholder);
    this.root.dataset.channel = spectator ? SPECTATORS : "seats";
    this.drawMutes();
    this.drawLines();
  }

  /** A ``chat`` message: lines said now, or the history sent after hello (kept once each, in order). */
  receive(message) {
    const known = new Set(this.lines.map((line) => line.line));
    const fresh = (message.lines || []).filter((line) => Number.isInteger(line.line) && !known.has(line.line));
    if (!fresh.length) return;
    // History comes right after hello; a line said live is newer than the page's last one.
    const live = fresh.filter((line) => this.last === null || line.line > this.last);
    this.lines = [...this.lines, ...fresh].sort((a, b) => a.line - b.line).slice(-KEEP);
    if (this.unsent !== null && fresh.some((line) => line.kind === "text" && line.text === this.unsent)) this.unsent = null;
    this.drawLines();
    if (!message.history) {
      for (const line of live) if (line.kind === "reaction" && line.seat !== null) this.flash(line);
    }
  }

  /** A chat message or reaction the server refused: why, in the panel; a refused line goes back in the box. */
  refused(message) {
    this.status.textContent = t("Not sent: {why}", { why: message.message || message.code });
    this.status.dataset.kind = "error";
    this.root.dataset.refused = Number(this.root.dataset.refused || 0) + 1;
    if (this.unsent !== null && !this.input.value) this.input.value = this.unsent;
    this.unsent = null;
  }

  submit(event) {
    event.preventDefault();
    const text = this.input.value;
    if (!text.trim()) return;
    if (!this.send({ type: "chat", text })) {
      this.say(t("Not sent: the table is not connected; it is reconnecting."), "error");
      return;
    }
    this.unsent = text.trim();
    this.input.value = "";
    this.say("");
  }

  react(reaction) {
    if (!this.send({ type: "react", reaction })) this.say(t("Not sent: the table is not connected; it is reconnecting."), "error");
    else this.say("");
  }

  say(text, kind = "info") {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  drawLines() {
    const stick = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 4;
    const shown = this.lines.filter((line) => !this.muted.has(authorKey(line)));
    this.list.replaceChildren(...shown.map((line) => lineItem(line, this.viewer)));
    // For people's style sheets and the browser tests: lines shown, and the last line this page holds.
    this.root.dataset.lines = String(shown.length);
    this.root.dataset.last = this.last === null ? "" : String(this.last);
    if (stick) this.list.scrollTop = this.list.scrollHeight;
  }

  drawMutes() {
    const boxes = [];
    for (let seat = 0; seat < this.players; seat += 1) {
      if (seat !== this.viewer) boxes.push(this.muteBox(`seat:${seat}`, t("Mute {seat}", { seat: seatTag(seat, this.viewer) })));
    }
    if (this.viewer === null) boxes.push(this.muteBox(SPECTATORS, t("Mute the spectators' chat")));
    this.mutes.replaceChildren(h("summary", {}, t("Mute…")), h("div", { class: "chat-mute-boxes" }, boxes));
  }

  muteBox(key, label) {
    const box = h("input", {
      type: "checkbox",
      "data-mute": key,
      checked: this.muted.has(key),
      onchange: () => {
        if (box.checked) this.muted.add(key);
        else this.muted.delete(key);
        try {
          localStorage.setItem(muteKey(this.tableId), JSON.stringify([...this.muted]));
        } catch {
          // A browser that keeps nothing mutes for this page only.
        }
        this.drawLines();
        this.decorate();
      },
    });
    return h("label", { class: "chat-mute-box" }, box, ` ${label}`);
  }

  /** A seat's reaction, shown beside its seat for a few seconds (unless the seat is muted). */
  flash(line) {
    const entry = { seat: line.seat, text: line.text, line: line.line };
    this.flashes.push(entry);
    this.decorate();
    setTimeout(() => {
      this.flashes = this.flashes.filter((other) => other !== entry);
      this.decorate();
    }, FLASH_MS);
  }

  /** Put the reactions being shown beside their seats in the page's list of who is at the table. */
  decorate() {
    for (const old of document.querySelectorAll(".reaction-flash")) old.remove();
    for (const entry of this.flashes) {
      if (this.muted.has(`seat:${entry.seat}`)) continue;
      const item = document.querySelector(`#presence li[data-seat="${entry.seat}"]`);
      if (!item) continue;
      item.append(
        h("span", { class: "reaction-flash", "data-reaction": entry.text, "data-line": entry.line, "aria-hidden": "true" }, entry.text),
      );
    }
  }
}
