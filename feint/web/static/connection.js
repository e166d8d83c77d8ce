// The table's websocket: hello first, the last sequence number seen on every move, reconnect with backoff.

import { language } from "./words.js";

const PING_EVERY_MS = 20000;
/** A socket that has answered nothing, not even two pings, is dead (a phone that changed networks). */
const SILENT_MS = 2 * PING_EVERY_MS + 5000;
const MAX_BACKOFF_MS = 8000;

export class Connection {
  /**
   * @param {string} tableId
   * @param {string|null} token  the seat or creator token from the link's fragment
   * @param {(message: object) => void} onMessage
   * @param {(status: string) => void} onStatus  "connecting", "open" or "closed"
   */
  constructor(tableId, token, onMessage, onStatus) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.lastSeq = null;
    /** The table's take-backs this page knows of: a reconnect after another is sent every event afresh. */
    this.undos = null;
    this.backoff = 500;
    this.socket = null;
    this.pinger = null;
    this.heard = 0;
    /** The last chat line this page holds, or null: a reconnect is sent only the lines after it. */
    this.chatSince = () => null;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.onStatus("connecting");
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.tableId)}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.backoff = 500;
      this.heard = Date.now();
      this.onStatus("open");
      // A reconnect asks only for the events it missed.
      this.send({
        type: "hello",
        token: this.token,
        since: this.lastSeq,
        undos: this.undos,
        chat_since: this.chatSince(),
        language,
      });
      this.pinger = setInterval(() => {
        if (Date.now() - this.heard <= SILENT_MS) {
          this.send({ type: "ping" });
          return;
        }
        socket.close();
        this.drop(socket);
      }, PING_EVERY_MS);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return; // a socket given up for dead that spoke again
      this.heard = Date.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "state" && Number.isInteger(message.seq)) this.lastSeq = message.seq;
      if (message.type === "state" && Number.isInteger(message.undos)) this.undos = message.undos;
      this.onMessage(message);
    });
    socket.addEventListener("close", () => this.drop(socket));
  }

  /** The socket is closed or dead: say so, and open a new one after the backoff (once per socket). */
  drop(socket) {
    if (socket !== this.socket) return;
    this.socket = null;
    clearInterval(this.pinger);
    this.onStatus("closed");
    setTimeout(() => this.open(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
  }

  /** Whether the table can hear this page now: sent messages arrive only then. */
  get isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends ``message`` if the socket is open; false if it was not sent (the page says so). */
  send(message) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  move(text) {
    return this.send({ type: "move", move: text, seq: this.lastSeq });
  }

  tableMove(text) {
    return this.send({ type: "table_move", move: text, seq: this.lastSeq });
  }
}

/** The seat and token a join link carries in its fragment: #seat=1&token=... */
export function readFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const seat = params.get("seat");
  return {
    seat: seat === null || seat === "" || Number.isNaN(Number(seat)) ? null : Number(seat),
    token: params.get("token") || null,
  };
}
