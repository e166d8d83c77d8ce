// The table page: one seat's (or a spectator's) window on a table, drawn from the server's state messages.
//
// Everything shown comes from the state messages the server builds from this seat's view, its events and
// its legal moves; the page keeps only the events it was sent and what the person has selected. Each event
// comes with its sentence, told by the game's phrasebook on the server: the page writes none of its own.
// The picture is drawn by the game's own module when its package ships one (``/games/{game}/web.js``),
// else by ``generic.js``, which draws any game from its view.

import { Announcer } from "./announce.js";
import { bluffSection } from "./bluffs.js";
import { Chat, chatUpTo } from "./chat.js";
import { Connection, readFragment } from "./connection.js";
import { h, moveButton } from "./dom.js";
import { HotSeat, readSeats } from "./hotseat.js";
import { lessonPanel } from "./lesson.js";
import { NameBox } from "./names.js";
import { NotifyBox } from "./notify.js";
import { SharedReview } from "./review.js";
import { Signals } from "./signals.js";
import { undoPanel } from "./undo.js";
import { SEAT_SYMBOLS, capitalize, language, seatList, seatName, seatTag, setNames, t } from "./words.js";

const LOG_LIMIT = 400;

const page = {
  tableId: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""),
  ...readFragment(location.hash),
  message: null,
  renderer: null,
  game: null,
  events: [],
  log: [],
  ui: {},
  uiSeq: null,
  clockAt: 0,
  connected: false,
  choiceLost: false,
  replay: null,
  frames: null,
  frame: null,
};

const $ = (id) => document.getElementById(id);

function say(text, kind = "info") {
  const note = $("notice");
  note.textContent = text;
  note.dataset.kind = kind;
}

// --- messages --------------------------------------------------------------

async function receive(message) {
  if (message.type === "pong") return;
  if (message.type === "chat") return chat.receive(message);
  if (message.type === "error" && message.about === "chat") return chat.refused(message);
  if (message.type === "review") {
    review.heard(message);
    return;
  }
  if (message.type === "notify") return notices.told(message.kind);
  if (message.type === "error" && ["bad_contact", "bad_json"].includes(message.code) && notices.refused(message.message || message.code)) return;
  if (message.type === "error") {
    if (message.code === "bad_name") names.refused(message.message || message.code);
    // A stale move is a race with another seat, not a mistake: the newer state is on its way.
    const count = message.code === "stale" ? "stale" : "errors";
    document.body.dataset[count] = Number(document.body.dataset[count] || 0) + 1;
    say(
      message.code === "stale"
        ? t("The table moved on before your move arrived: look again, then move.")
        : message.message || message.code, // told by the server in this page's language
      "error",
    );
    return;
  }
  if (message.type !== "state") return;
  if (!page.renderer || page.game?.name !== message.game) await loadGame(message.game);
  // The last event the page knew of: what the live region has said up to.
  const told = page.events.length ? page.events[page.events.length - 1].seq : 0;
  // Every event is told again (the seats' names changed, or moves were taken back): the page
  // replaces its log and events with them.
  if (message.retold) [page.events, page.log] = [[], []];
  setNames((message.presence || []).map((entry) => entry.name));
  names.update(message);
  notices.update(message);
  // A reconnect asks for what it missed; anything sent twice all the same is kept once.
  const known = page.events.length ? page.events[page.events.length - 1].seq : 0;
  const fresh = (message.events || []).filter((event) => event.seq > known);
  page.events.push(...fresh);
  const lines = fresh.filter((event) => event.sentence).map((event) => ({ seq: event.seq, kind: event.kind, text: event.sentence }));
  page.log.push(...lines);
  page.log = page.log.slice(-LOG_LIMIT);
  announcer.lines(lines, told);
  if (message.seq !== page.uiSeq) {
    page.uiSeq = message.seq;
    keepChoice(message);
  }
  const rematchReady = message.rematch && message.rematch !== page.message?.rematch;
  page.message = message;
  page.clockAt = performance.now();
  // The page says where it stands on its body, for people's style sheets and for the browser tests.
  document.body.dataset.seq = message.seq;
  document.body.dataset.over = message.over;
  document.body.dataset.mine = String(message.seat !== null && (message.view.to_move || []).includes(message.seat));
  document.body.dataset.toMove = (message.over ? [] : message.view.to_move || []).join(" ");
  if (fresh.length && !page.choiceLost) say("");
  page.choiceLost = false;
  if (rematchReady) say(t("The rematch is ready: “Go to the rematch” opens it."));
  draw();
  if (message.over && message.replay_url && !page.replay) {
    // Marked first: more states may come while the replay is on its way.
    page.replay = page.frames = { loading: true };
    page.frame = review.startFrame();
    [page.replay, page.frames] = await Promise.all([fetchReplay(message.replay_url), fetchReplay(message.frames_url)]);
    draw();
  }
}

/**
 * What the server says of the game (its title, bots, rules and glossary, and its renderer module if its
 * package ships one), and the renderer: the game's own, or the generic one. ``?renderer=generic`` in the
 * address asks for the generic one whatever the game ships.
 */
async function loadGame(game) {
  let info = { name: game, title: game, levels: [], web: null };
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(game)}?lang=${language}`);
    if (response.ok) info = await response.json();
  } catch {
    // The page still draws the table with the generic renderer; the rules panel says it could not read them.
  }
  const generic = new URLSearchParams(location.search).get("renderer") === "generic";
  let module = null;
  if (info.web && !generic) {
    try {
      module = await import(info.web);
      if (info.style) {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = info.style;
        // The table is drawn once its look has arrived, never first unstyled (an empty stack's grey).
        const loaded = new Promise((resolve) => {
          link.onload = link.onerror = resolve;
        });
        document.head.append(link);
        await loaded;
      }
    } catch (error) {
      console.error(`the renderer ${info.web} failed to load; drawing the game generically`, error);
    }
  }
  page.renderer = (module || (await import("./generic.js"))).default;
  page.game = info;
  document.body.dataset.renderer = module ? "game" : "generic";
}

/**
 * A choice in progress (a card picked, part of a move built by clicks) survives a new state, unless
 * the moves now legal no longer allow it: then it is cleared and the page says so.
 */
function keepChoice(message) {
  if (!Object.keys(page.ui).length) return;
  const legal = message.legal || [];
  const lost = page.renderer.choiceLost ? page.renderer.choiceLost(page.ui, legal) : legal.length ? null : t("your choice");
  if (!lost) return;
  page.ui = {};
  page.choiceLost = true;
  say(t("The table changed before you finished: {lost} is no longer possible, so it was cleared.", { lost }), "error");
}

/**
 * A finished table's replay file or frames, opened with this page's token (the server checks it).
 *
 * ``text`` keeps the server's own bytes: the download is that file, never one rebuilt from the parsed
 * data, whose 63-bit seed JavaScript's numbers would round.
 */
async function fetchReplay(url) {
  const token = page.token;
  // The replay shows every hidden card: it opens with a seat's or the creator's link, not a watcher's.
  if (!token) return { error: t("the replay opens only from a player's link or the creator's link") };
  try {
    const response = await fetch(`${url}?lang=${language}`, { headers: { Authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (response.ok) return { data: JSON.parse(text), text };
    if (response.status === 401 || response.status === 403) return { error: t("this link's seat is not one of this table's") };
    return { error: t("the server could not send it ({status})", { status: `${response.status} ${response.statusText}` }) };
  } catch {
    return { error: t("the server could not be reached; reload the page to try again") };
  }
}

// --- drawing ---------------------------------------------------------------

function context() {
  const message = page.message;
  return {
    view: message.view,
    viewer: message.seat,
    legal: message.legal || [],
    tableMoves: message.table_moves || [],
    over: message.over,
    ui: page.ui,
    events: page.events,
    facts: page.game?.facts || {},
    play: (entry) => {
      if (!connection.move(entry.text)) {
        say(t("Not sent: the connection is lost. Reconnecting…"), "error");
        return;
      }
      page.ui = {};
      say(t("Sent: {move}", { move: moveWords(entry.text) }));
    },
    redraw: draw,
  };
}

/** A move in the words of the control that plays it, never its notation. */
function moveWords(text) {
  const control = document.querySelector(`[data-move="${CSS.escape(text)}"]`);
  return control?.getAttribute("aria-label") || control?.textContent.trim() || t("your move");
}

function draw() {
  const message = page.message;
  if (!message) return;
  const renderer = page.renderer;
  const ctx = context();
  const you = message.seat;
  const mine = document.body.dataset.mine === "true" && !message.over;
  // The tab says when it is this seat's move, so a person in another tab knows to come back.
  document.title = `${mine ? t("● Your turn — ") : ""}${page.game.title} — Feint`;
  $("game-title").textContent = page.game.title;
  const seatWords = t("seat {seat}", { seat: you });
  const called = seatName(you) === seatWords ? "" : ` (${seatWords})`;
  $("seat-name").textContent =
    you === null
      ? t("You are watching")
      : t("You are {seat}", { seat: `${SEAT_SYMBOLS[you % SEAT_SYMBOLS.length]} ${seatName(you)}${called}` });
  const focus = focusKey(document.activeElement);
  $("turn").replaceChildren(turnBanner(message, renderer, ctx));
  $("board").replaceChildren(renderer.board(ctx));
  $("actions").replaceChildren(...actionPanel(ctx, renderer));
  $("undo").replaceChildren(...undoPanel(message, (sent) => connection.send(sent)));
  $("presence").replaceChildren(presenceList(message), clocksWaiting(message));
  chat.table(message);
  chat.decorate();
  drawClock();
  drawLog();
  drawLesson(message);
  $("end").replaceChildren(...(message.over ? endScreen(ctx, renderer) : []));
  $("end").hidden = !message.over;
  connectionShown();
  restoreFocus(focus);
  announcer.say("turn", turnSaid(message, renderer, ctx));
  announcer.say("undo", $("undo-words")?.textContent || "");
  signals.update(mine, page.game.title, $("turn").querySelector(".prompt")?.textContent || t("Your move"));
}

/** A teaching table's lesson for this seat, redrawn only when the server's lesson changed. */
function drawLesson(message) {
  const panel = $("lesson");
  panel.hidden = !message.lesson;
  const said = JSON.stringify(message.lesson || null);
  if (!message.lesson || panel.dataset.said === said) return;
  panel.dataset.said = said;
  $("lesson-body").replaceChildren(...lessonPanel(message.lesson));
}

/** How to find the control that had the focus again once the page is redrawn: its id or its data. */
function focusKey(element) {
  if (!element || element === document.body || !element.closest("#board, #actions, #undo, #end, #presence, #action-bar")) return null;
  if (element.id) return `#${CSS.escape(element.id)}`;
  const data = Object.entries(element.dataset).map(([key, value]) => {
    const name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    return `[data-${name}="${CSS.escape(value)}"]`;
  });
  return data.length ? `${element.tagName.toLowerCase()}${data.join("")}` : "#action-bar";
}

/**
 * A redraw replaces the controls: the focus goes back to the same control if it is still there, else to
 * the first move offered (in the action bar, else on the board), else to the action bar, never to the
 * top of the page. Left on the action bar
 * while the others moved, it goes to the first move once there is one.
 */
function restoreFocus(key) {
  const bar = $("action-bar");
  if (!key || (document.activeElement && ![document.body, bar].includes(document.activeElement))) return;
  const again = key === "#action-bar" ? null : document.querySelector(key);
  const first =
    document.querySelector("#actions .controls:not(.table-moves) button:not([disabled])") ||
    document.querySelector("#board [data-move]:not([disabled])");
  const target = again && !again.disabled ? again : first || $("action-bar");
  target.focus({ preventScroll: true });
}

/** While the socket is down, nothing can be played: the moves are disabled and the page says why. */
function connectionShown() {
  const down = !page.connected;
  document.body.dataset.connection = down ? "lost" : "open";
  for (const id of ["board", "actions", "undo"]) $(id).inert = down;
  if (down) {
    for (const control of document.querySelectorAll("#board button, #actions button, #undo button")) control.disabled = true;
    for (const part of document.querySelectorAll("#board [role=button]")) part.setAttribute("aria-disabled", "true");
  }
  if (down && page.message) {
    $("actions").prepend(
      h("p", { class: "reconnecting", role: "status" }, t("Connection lost: reconnecting… Your moves are paused until the table is back.")),
    );
  }
}

function turnBanner(message, renderer, ctx) {
  const view = message.view;
  const you = message.seat;
  const heading = h("p", { class: "phase" }, renderer.heading(view, you));
  const prompt = renderer.prompt && !view.over ? renderer.prompt(ctx) : null;
  if (view.over) return h("div", {}, heading, h("p", { class: "to-move" }, t("The game is over.")));
  if (message.expired) {
    const why = t("This table expired: nobody moved for too long. Its replay stays open to its seats.");
    return h("div", {}, heading, h("p", { class: "to-move", id: "expired" }, why));
  }
  const mine = you !== null && (view.to_move || []).includes(you);
  const text = toMoveWords(view, you);
  return h(
    "div",
    {},
    heading,
    h("p", { class: `to-move${mine ? " mine" : ""}` }, `▶ ${text}`),
    prompt ? h("p", { class: "prompt" }, prompt) : null,
  );
}

/** Whose move it is, as this seat is told. */
function toMoveWords(view, you) {
  const movers = view.to_move || [];
  const others = movers.filter((seat) => seat !== you);
  if (you !== null && movers.includes(you)) return others.length ? t("Your move (and {seats}'s)", { seats: seatList(others, you) }) : t("Your move");
  return t("Waiting for {seats}", { seats: seatList(others, you) || t("nobody") });
}

/**
 * What the live region says of the turn once a state is drawn: whose move it is and what is being
 * decided, the table's expiry, or who won.
 */
function turnSaid(message, renderer, ctx) {
  if (message.over) return endHeading(message);
  if (message.expired) return $("expired")?.textContent || "";
  const prompt = renderer.prompt ? renderer.prompt(ctx) : null;
  return prompt ? `${toMoveWords(message.view, message.seat)}. ${prompt}` : toMoveWords(message.view, message.seat);
}

function actionPanel(ctx, renderer) {
  const parts = [];
  if (ctx.over) parts.push(rematchControls());
  if (ctx.legal.length) parts.push(h("div", { class: "controls" }, renderer.controls(ctx)));
  if (ctx.tableMoves.length) {
    parts.push(
      h(
        "div",
        { class: "controls table-moves" },
        h("span", { class: "label" }, t("Table moves:")),
        ctx.tableMoves.map((entry) => tableMoveButton(entry, renderer)),
      ),
    );
  }
  return parts;
}

/**
 * A table move: made now, or asked for now and kept by the server until the rules allow it (the entry's
 * ``later``); the one asked for shows as pending, and a second click withdraws it.
 */
/** A table move's button, in the renderer's words: one asked for during a turn is shown as pending. */
function tableMoveButton(entry, renderer) {
  const send = (move) => connection.tableMove(move.text);
  const name = capitalize(t(entry.text));
  if (entry.pending) {
    return moveButton(t("{move}: asked, it happens as soon as the rules allow (click to withdraw)", { move: name }), entry, send, {
      class: "move pending",
      "aria-pressed": "true",
      "data-pending": "true",
    });
  }
  if (entry.later) return moveButton(t("{move} (as soon as the rules allow)", { move: name }), entry, send, { "aria-pressed": "false" });
  const words = renderer.tableMoveWords?.[entry.text];
  return moveButton(words ? t(words) : name, entry, send);
}

function presenceList(message) {
  const you = message.seat;
  const creator = page.token && page.seat === null && you === null;
  // Offline, this page cannot know who is here: it says so rather than show what it last heard.
  const known = page.connected;
  const items = (message.presence || []).map((entry) => {
    const state =
      entry.kind === "bot"
        ? `${entry.stand_in ? t("a bot stands in") : t("a bot")}, ${botWords(entry.bot)}`
        : !known
          ? entry.seat === you
            ? t("offline (you)")
            : t("not known while you are offline")
          : entry.connected
            ? t("online")
            : t("away");
    const handOver =
      creator && known && entry.kind === "human" && !entry.connected && !message.over
        ? h(
            "button",
            {
              class: "small",
              onclick: () => connection.send({ type: "hand_to_bot", seat: entry.seat, bot: "heuristic" }),
            },
            t("Hand to a bot"),
          )
        : null;
    const connected = known ? String(entry.connected) : "unknown";
    return h(
      "li",
      { class: `seat-${entry.seat % SEAT_SYMBOLS.length}`, "data-connected": connected, "data-seat": entry.seat },
      h("span", { class: "dot", "aria-hidden": "true" }, entry.kind === "bot" ? "⚙" : !known ? "?" : entry.connected ? "◉" : "○"),
      ` ${t("{seat}: {state}", { seat: seatTag(entry.seat, you), state })}`,
      handOver,
    );
  });
  return h("ul", { class: "presence" }, items);
}

/** A bot by its strength, as the lobby named it ("instant (rules of thumb)"); its spec if the lobby has none. */
function botWords(bot) {
  const level = (page.game?.levels || []).find((entry) => entry.bot === bot);
  return level ? t(level.label).replace(/^[^:]+: /, "") : bot;
}

/** Before the clocks start: why they wait, and for the creator a button to start them now. */
function clocksWaiting(message) {
  if (!message.clock || message.clock.started || message.over) return "";
  const creator = page.token && page.seat === null && message.seat === null;
  return h(
    "p",
    { class: "clocks-waiting", id: "clocks-waiting" },
    `${t("The clocks start when every person has opened their seat.")} `,
    creator
      ? h(
          "button",
          { class: "small", id: "start-clocks", onclick: () => connection.send({ type: "start_clocks" }) },
          t("Start the clocks now"),
        )
      : null,
  );
}

function drawClock() {
  const clock = page.message?.clock;
  const box = $("clock");
  if (!clock) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const elapsed = (performance.now() - page.clockAt) / 1000;
  const you = page.message.seat;
  box.replaceChildren(
    ...clock.seats.map((entry) => {
      const left = Math.max(0, entry.remaining - (entry.running ? elapsed : 0));
      return h(
        "span",
        { class: `clock${entry.running ? " running" : ""}${left < 10 ? " low" : ""}` },
        `${entry.running ? "▶ " : ""}${seatTag(entry.seat, you)} ${clockText(left)}`,
      );
    }),
  );
}

/** Time left on a clock: "4:05" under an hour, "5 h 03 min" under a day, "2 d 5 h" for a turn-based table. */
function clockText(left) {
  const two = (n) => String(Math.floor(n)).padStart(2, "0");
  if (left >= 86400) return `${Math.floor(left / 86400)} d ${Math.floor((left % 86400) / 3600)} h`;
  if (left >= 3600) return `${Math.floor(left / 3600)} h ${two((left % 3600) / 60)} min`;
  return `${Math.floor(left / 60)}:${two(left % 60)}`;
}

function drawLog() {
  const list = $("log");
  const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.replaceChildren(...page.log.map((entry) => h("li", { "data-seq": entry.seq, "data-kind": entry.kind }, entry.text)));
  if (stick) list.scrollTop = list.scrollHeight;
}

function endHeading(message) {
  const winners = message.result?.winners || message.view.winners || [];
  return winners.includes(message.seat) ? t("You win!") : t("The game is over: {seats} won", { seats: seatList(winners, message.seat) || t("nobody") });
}

function endScreen(ctx, renderer) {
  const message = page.message;
  const you = message.seat;
  const result = message.result || {};
  const winners = result.winners || message.view.winners || [];
  const scores = result.scores || [];
  const parts = [
    h("h2", {}, endHeading(message)),
    h(
      "table",
      { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Seat")), h("th", {}, t("Score")), h("th", {}, t("Result")))),
      h(
        "tbody",
        {},
        scores.map((score, seat) =>
          h(
            "tr",
            { class: winners.includes(seat) ? "winner" : "" },
            h("td", {}, seatTag(seat, you)),
            h("td", {}, String(score)),
            h("td", {}, winners.includes(seat) ? t("✪ winner") : ""),
          ),
        ),
      ),
    ),
  ];
  const finale = renderer.finale ? renderer.finale(ctx) : null;
  if (finale) parts.push(finale);
  // A seat's state carries them; the creator's page (no seat) reads the last replay frame's.
  const frames = page.frames?.data?.frames;
  parts.push(bluffSection(message.bluffs ?? frames?.[frames.length - 1]?.bluffs, "bluffs", t("Bluffs and doubts")));
  parts.push(...everyCard(renderer), revealed(renderer));
  return parts;
}

/** The rematch, in the action bar so it is in view however long the end screen is. */
function rematchControls() {
  const message = page.message;
  const buttons = [];
  if (message.rematch) {
    // The rematch keeps every seat's token, so this seat's fragment opens its seat there too.
    const href = `/table/${encodeURIComponent(message.rematch)}${location.hash}`;
    buttons.push(h("a", { class: "button", href, id: "rematch-link" }, t("Go to the rematch")));
  } else if (message.seat !== null || page.token) {
    buttons.push(
      h("button", { id: "rematch", onclick: () => connection.send({ type: "rematch" }) }, t("Ask for a rematch at this table")),
    );
  }
  const end = h("button", { type: "button", class: "small", onclick: () => $("end").scrollIntoView() }, t("Show the scores and the replay"));
  return h("div", { class: "controls end-controls" }, buttons, end);
}

// --- the replay, every card face-up ------------------------------------------------

/** The table at the end with every hidden card face-up, then the replay to step through, from the frames. */
function everyCard(renderer) {
  const frames = page.frames;
  // Who leads the shared review: in the replay player, or here where there is none to show.
  if (!frames || frames.loading) return [h("p", {}, t("Turning every card face-up…")), review.status()];
  if (frames.error) {
    return [h("p", { class: "error" }, t("The cards could not be turned face-up: {error}", { error: frames.error })), review.status()];
  }
  const list = frames.data.frames;
  const final = list[list.length - 1];
  return [
    h(
      "section",
      { class: "every-card", id: "every-card" },
      h("h3", {}, t("Every card, face-up")),
      renderer.board(frameContext(final)),
    ),
    h(
      "section",
      {
        class: "replay-player",
        id: "replay-player",
        "aria-label": t("Replay"),
        "data-frame": Math.min(page.frame, list.length - 1),
        "data-frames": list.length,
      },
      replayPlayer(renderer),
    ),
  ];
}

/** What a renderer draws a frame from: its revealed view, and nothing to click. */
function frameContext(frame) {
  return {
    view: frame.view,
    viewer: page.message.seat,
    legal: [],
    tableMoves: [],
    over: frame.view.over,
    ui: {},
    events: [],
    facts: page.game?.facts || {},
    play: () => {},
    redraw: () => {},
  };
}

function replayPlayer(renderer) {
  const list = page.frames.data.frames;
  const last = list.length - 1;
  const at = Math.min(Math.max(page.frame, 0), last);
  const frame = list[at];
  const you = page.message.seat;
  const step = (id, label, text, target, disabled) =>
    h("button", { id, class: "small", "aria-label": label, title: label, disabled, onclick: () => goToFrame(target) }, text);
  const move = frame.move;
  const caption =
    move === null
      ? t("The deal (move 0 of {last})", { last })
      : [
          t("Move {at} of {last}: {seat} played", { at, last, seat: seatTag(move.seat, you) }),
          " ",
          // The move as the engine writes it (and the replay file holds it): notation, in no language.
          h("code", { class: "notation" }, move.text),
        ];
  // The words are told as this seat saw them (the server tells them so); the picture shows every card.
  const words = frame.events.filter((event) => event.sentence).map((event) => h("li", {}, event.sentence));
  return [
    h("h3", {}, t("Replay, every card face-up")),
    review.controls(at),
    h(
      "div",
      { class: "controls replay-controls" },
      step("replay-first", t("The deal"), t("« First"), 0, at === 0),
      step("replay-prev", t("Previous move"), t("‹ Previous"), at - 1, at === 0),
      h("input", {
        id: "replay-slider",
        type: "range",
        min: 0,
        max: last,
        value: at,
        "aria-label": t("Move"),
        oninput: (event) => goToFrame(Number(event.target.value)),
      }),
      step("replay-next", t("Next move"), t("Next ›"), at + 1, at === last),
      step("replay-last", t("Last move"), t("Last »"), last, at === last),
    ),
    h("p", { class: "replay-caption", id: "replay-caption", "aria-live": "polite" }, caption),
    words.length ? h("ul", { class: "replay-words" }, words) : null,
    chatUpTo(page.frames.data.chat, frame.seq, you, chat.muted),
    bluffSection(frame.bluffs, "replay-bluffs", t("Bluffs and doubts so far")),
    h("div", { class: "replay-board", id: "replay-board" }, renderer.board(frameContext(frame))),
  ];
}

/**
 * Show frame ``n`` of the replay; ``lead``: the person stepped there (the table follows if they lead),
 * not the shared review. Before the frames are here, the frame is kept for when they are.
 */
function goToFrame(n, lead = true) {
  const list = page.frames?.data?.frames;
  const box = $("replay-player");
  if (!list || !box) {
    page.frame = n;
    return;
  }
  page.frame = Math.min(Math.max(n, 0), list.length - 1);
  const focused = document.activeElement?.id;
  box.replaceChildren(...replayPlayer(page.renderer));
  box.dataset.frame = String(page.frame);
  if (focused) box.querySelector(`#${focused}`)?.focus();
  if (lead) review.stepped(page.frame);
}

/** Every hidden choice, told from the replay the server opens once the game is over. */
function revealed(renderer) {
  const replay = page.replay;
  if (!replay || replay.loading) return h("p", {}, t("Opening the replay…"));
  if (replay.error) return h("p", { class: "error" }, t("The replay could not be opened: {error}", { error: replay.error }));
  const data = replay.data;
  const you = page.message.seat;
  if (!replay.href) replay.href = URL.createObjectURL(new Blob([replay.text], { type: "application/json" }));
  const download = h(
    "a",
    { class: "button", id: "download-replay", download: `feint-${data.game}-${page.tableId}.json`, href: replay.href },
    t("Download the replay file"),
  );
  // The seed as the server wrote it (a string in the frames): a JavaScript number would round it.
  const seed = page.frames?.data?.seed ?? "";
  const moves = (data.moves || []).map(([seat, text]) =>
    h("li", {}, h("span", { class: `seat-${seat % SEAT_SYMBOLS.length}` }, seatTag(seat, you)), " ", h("code", { class: "notation" }, text)),
  );
  const hidden = renderer.revealReplay ? renderer.revealReplay(data, you) : null;
  return h(
    "section",
    { class: "replay" },
    h("h3", {}, t("Every secret move, revealed")),
    hidden,
    h(
      "details",
      { open: true },
      h("summary", {}, t("All {count} moves as played, secret ones included", { count: moves.length })),
      h("ol", { class: "replay-moves" }, moves),
    ),
    seed ? h("p", {}, `${t("Dealt from seed")} `, h("code", { id: "replay-seed" }, seed)) : null,
    download,
  );
}

// --- rules and help ----------------------------------------------------------------

/** The game's one-screen rules and its glossary, as the server serves them from the game's phrasebook. */
async function openRules() {
  const dialog = $("rules");
  if (!dialog.open) dialog.showModal();
  const game = page.message?.game;
  if (!game || $("rules-body").dataset.game === game) return;
  let help;
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(game)}/help?lang=${language}`);
    if (!response.ok) throw new Error(response.statusText);
    help = await response.json();
  } catch {
    $("rules-body").replaceChildren(h("p", { class: "error" }, t("The rules could not be read; try again.")));
    return;
  }
  $("rules-body").dataset.game = game;
  $("rules-title").textContent = t("{title}: how to play", { title: help.title });
  const paragraphs = help.rules.split(/\n\s*\n/).map((text) => h("p", {}, text.replace(/\s*\n\s*/g, " ")));
  $("rules-body").replaceChildren(
    h("section", { class: "rules-text", id: "rules-text" }, paragraphs),
    h("h3", {}, t("Cards and terms")),
    h(
      "dl",
      { class: "glossary", id: "glossary" },
      Object.entries(help.glossary).map(([term, text]) => [h("dt", {}, term), h("dd", {}, text)]),
    ),
  );
}

// --- start -----------------------------------------------------------------

const announcer = new Announcer($("announcer"));
const chat = new Chat($("chat"), page.tableId, (message) => connection.send(message));
function connectionStatus(status) {
  $("connection").textContent = { connecting: t("connecting…"), open: t("connected"), closed: t("reconnecting…") }[status];
  $("connection").dataset.status = status;
  const connected = status === "open";
  if (connected === page.connected) return;
  page.connected = connected;
  if (connected) return; // the state the table sends on hello redraws the page
  say("");
  draw();
}

/**
 * Hot-seat (hotseat.js): the page is about to show another seat, or the public table (null, null).
 * Everything of the seat shown goes, from the DOM and from the page's memory, before anything else is drawn.
 */
function forget(seat, token) {
  Object.assign(page, { seat, token, message: null, events: [], log: [], ui: {}, uiSeq: null, choiceLost: false });
  Object.assign(page, { replay: null, frames: null, frame: null });
  say("");
  // The focus is not lost with what is emptied: it waits on the action bar, and the next draw moves it
  // to the first move (a hand-off confirmed with Enter goes straight on to the seat's moves).
  if (document.activeElement?.closest("#turn, #board, #actions, #presence, #log, #end")) $("action-bar").focus({ preventScroll: true });
  for (const id of ["turn", "board", "actions", "presence", "log", "end", "clock"]) $(id).replaceChildren();
  announcer.forget();
  $("end").hidden = $("clock").hidden = true;
  $("seat-name").textContent = "";
  document.body.dataset.mine = "false";
  document.body.dataset.toMove = "";
}

// The shared review: this page leads as its seat or as the creator; a spectator follows.
const review = new SharedReview({
  tableId: page.tableId,
  send: (message) => connection.send(message),
  me: () => page.message?.seat ?? (page.token ? "creator" : null),
  jump: (frame) => goToFrame(frame, false),
});

// Several seat and token pairs in the fragment: several seats on this device, one connection each.
const hotSeats = readSeats(location.hash);
const connection =
  hotSeats.length > 1
    ? new HotSeat(page.tableId, hotSeats, { receive, forget, status: connectionStatus })
    : new Connection(page.tableId, page.token, receive, connectionStatus);
const names = new NameBox((message) => connection.send(message));
const notices = new NotifyBox((message) => connection.send(message));
const signals = new Signals();
document.querySelector(".side").prepend(names.element);
names.element.after(notices.element);
document.querySelector(".side").append(signals.element);
// The token stays in the fragment: it never reaches the server's logs, and a reload still finds it.
$("table-id").textContent = page.tableId;
$("rules-button").addEventListener("click", openRules);
$("rules-close").addEventListener("click", () => $("rules").close());
// The page leaves room below it for the action bar, which stays in view at the bottom of the screen.
new ResizeObserver(([entry]) => {
  document.body.style.setProperty("--bar-height", `${Math.ceil(entry.borderBoxSize[0].blockSize)}px`);
}).observe($("action-bar"));
connection.chatSince = () => chat.last;
connection.open();
setInterval(drawClock, 1000);
