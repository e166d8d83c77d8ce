// The shared review after the end (as Hanab Live): one person steps through the replay, the table follows.
//
// A seat or the creator stepping the end screen's replay while following sends ``review`` {frame}; the
// server tells every connection of the table ``review`` {frame, by}, and every page that follows jumps
// to that frame of the replay frames it opened with its own token (a spectator, who cannot open them,
// is told the move's number in words). "Follow the table" off, a person steps alone and leads nobody.
// A link to a move (``/table/{id}?move=12#seat=...``) opens the replay at that move, not following.

import { h } from "./dom.js";
import { SEAT_SYMBOLS, t } from "./words.js";

/** The shortest time between two steps sent: the server takes 5 a second from a connection (hub.py). */
const STEP_MS = 250;
/** The move a link points at (``?move=12``), or null. */
function linkedMove() {
  const text = new URLSearchParams(location.search).get("move");
  return text !== null && /^\d{1,6}$/.test(text) ? Number(text) : null;
}

function leaderWords(by, me) {
  if (by === me) return null;
  if (by === "creator") return t("the table's creator");
  return `${SEAT_SYMBOLS[by % SEAT_SYMBOLS.length]} ${t("seat {seat}", { seat: by })}`;
}

export class SharedReview {
  /**
   * @param {object} page  app.js's hooks: ``send(message)``, ``me()`` (this page's seat, "creator", or
   *   null for a spectator, who may follow but not lead), ``jump(frame)`` (draw that frame),
   *   ``tableId``.
   */
  constructor(page) {
    this.page = page;
    this.linked = linkedMove();
    this.follow = this.linked === null;
    this.frame = null;
    this.by = null;
    this.waiting = null;
    this.timer = null;
  }

  /** The frame the replay opens at: the move linked to, else where the table's review stands. */
  startFrame() {
    if (this.linked !== null) return this.linked;
    return this.follow && this.frame !== null ? this.frame : 0;
  }

  /** The server says where the review stands: a follower jumps there; the leader's own step is not redone. */
  heard(message) {
    this.frame = message.frame;
    this.by = message.by;
    if (this.follow && message.by !== this.page.me()) this.page.jump(message.frame);
    this.tell();
  }

  /**
   * The person stepped the replay to ``frame``: while following, the table follows them. Steps are
   * sent at most every STEP_MS, the latest last, so a slider dragged fast stays under the server's
   * limit on steps and the table ends where the person stopped.
   */
  stepped(frame) {
    if (!this.follow || this.page.me() === null) return;
    this.waiting = frame;
    if (this.timer) return;
    const flush = () => {
      this.timer = null;
      if (this.waiting === null) return;
      this.page.send({ type: "review", frame: this.waiting });
      this.waiting = null;
      this.timer = setTimeout(flush, STEP_MS);
    };
    flush();
  }

  /** Who leads, and where, in words. */
  words() {
    const me = this.page.me();
    if (this.by === null) {
      return me === null
        ? t("Nobody is stepping through the replay yet.")
        : t("Step through the replay and everybody at the table who follows sees the same move.");
    }
    const who = leaderWords(this.by, me);
    const where = this.frame === 0 ? t("the deal") : t("move {frame}", { frame: this.frame });
    return who === null ? t("You lead: the table is at {where}.", { where }) : t("Led by {who}: the table is at {where}.", { who, where });
  }

  tell() {
    const status = document.getElementById("review-status");
    if (status) status.textContent = this.words();
  }

  /** The line that says who leads (the end screen shows it even where the frames cannot be opened). */
  status() {
    return h("p", { class: "review-status", id: "review-status", role: "status" }, this.words());
  }

  /** The replay player's part: follow or step alone, a link to the move shown, and who leads. */
  controls(frame) {
    const follow = h("input", {
      type: "checkbox",
      id: "review-follow",
      checked: this.follow,
      onchange: (event) => {
        this.follow = event.target.checked;
        if (this.follow && this.frame !== null && this.by !== this.page.me()) this.page.jump(this.frame);
      },
    });
    // The link keeps this page's fragment: it opens this person's seat at that move, and the token in
    // the fragment never reaches a server. A friend at the table adds ?move=N to their own link.
    const href = `${location.origin}/table/${encodeURIComponent(this.page.tableId)}?move=${frame}${location.hash}`;
    const copy = h(
      "button",
      {
        type: "button",
        class: "small",
        id: "copy-move-link",
        "data-href": href,
        onclick: (event) => {
          navigator.clipboard?.writeText(href).then(
            () => (event.target.textContent = t("Copied: your link to this move")),
            () => (event.target.textContent = t("Could not copy: the link is in the address bar")),
          );
          history.replaceState(null, "", href);
        },
      },
      t("Copy your link to this move"),
    );
    return h(
      "div",
      { class: "controls review-controls" },
      h("label", {}, follow, ` ${t("Follow the table's review (off: step on your own)")}`),
      copy,
      this.status(),
    );
  }
}
